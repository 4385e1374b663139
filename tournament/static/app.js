// The app's few behaviours of its own; htmx (static/vendor/htmx) does the requests and swaps.
// Every page works without this file.

// Ask before an action that is hard to undo (buttons with data-confirm).
document.addEventListener("click", function (event) {
  const button = event.target.closest("[data-confirm]");
  if (button && !window.confirm(button.dataset.confirm)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}, true);

// A plain form is sent once: a second click while the page loads does nothing. (htmx forms
// stay on the page; the server recognises a game that arrives twice.)
document.addEventListener("submit", function (event) {
  const form = event.target;
  if (form.hasAttribute("hx-post")) {
    return;
  }
  if (form.dataset.sent) {
    event.preventDefault();
    return;
  }
  if (form.method.toLowerCase() === "post") {
    form.dataset.sent = "1";
  }
});

// Countdown clocks: an element with data-deadline (ISO 8601, UTC) shows the time left as
// "noch m:ss min", the same text the server wrote into it, and "abgelaufen" with the class
// clock-over from then on. data-now (the server's time when it wrote the element) corrects a
// device whose own clock is off. Elements swapped in later are found at the next tick.
(function () {
  const offsets = new WeakMap();
  function offset(element) {
    if (!offsets.has(element)) {
      const server = Date.parse(element.dataset.now || "");
      offsets.set(element, Number.isNaN(server) ? 0 : server - Date.now());
    }
    return offsets.get(element);
  }
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (element) {
      const deadline = Date.parse(element.dataset.deadline);
      if (Number.isNaN(deadline)) {
        return;
      }
      const left = Math.max(0, Math.floor((deadline - (Date.now() + offset(element))) / 1000));
      const text = left === 0
        ? "abgelaufen"
        : "noch " + Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") + " min";
      if (element.textContent !== text) {
        element.textContent = text;
      }
      element.classList.toggle("clock-over", left === 0);
    });
  }
  tick();
  window.setInterval(tick, 1000);
})();

// Entry forms ([data-entry-form]): parts that belong to other game kinds are hidden
// ([data-show-for]); a form something was typed into is "dirty", and a live update of the
// list then leaves it alone.
function showForKind(form) {
  const kind = form.querySelector("input[name=kind]:checked");
  form.querySelectorAll("[data-show-for]").forEach(function (part) {
    part.hidden = Boolean(kind) && !part.dataset.showFor.split(" ").includes(kind.value);
  });
}
function setUpForms(root) {
  root.querySelectorAll("form[data-entry-form]").forEach(showForKind);
}
setUpForms(document);
document.addEventListener("htmx:load", function (event) {
  setUpForms(event.target);
});
["change", "input"].forEach(function (type) {
  document.addEventListener(type, function (event) {
    const form = event.target.closest && event.target.closest("form[data-entry-form]");
    if (form) {
      form.dataset.dirty = "1";
      showForKind(form);
    }
  });
});
// On a touch screen (or with a mouse) the number comes next once the taps say who played:
// the Augen field (in the quick entry: the points) takes the focus, so the phone opens its
// keyboard without another tap. Who uses the keyboard keeps the Tab order as it is.
(function () {
  const SOLOS = ["pflichtsolo", "vorfuehrung", "lustsolo", "solo"];
  let pointer = false;
  document.addEventListener("pointerdown", function () { pointer = true; }, true);
  document.addEventListener("keydown", function () { pointer = false; }, true);
  function ticked(form, name) {
    return form.querySelectorAll("input[name=" + name + "]:checked").length;
  }
  function numberField(form) {
    const chosen = form.querySelector("input[name=kind]:checked");
    const kind = chosen ? chosen.value : "";
    if (form.classList.contains("quick-form")) {
      return kind === "normal" && ticked(form, "winners") === 2
        ? form.querySelector("input[name=value]") : null;
    }
    const solo = form.querySelector("select[name=solo]");
    const known = kind === "normal" || kind === "armut" ? ticked(form, "re") === 2
      : kind === "stille_hochzeit" || kind === "schwarze_sau" ? ticked(form, "player") === 1
        : SOLOS.includes(kind) && ticked(form, "player") === 1 && Boolean(solo && solo.value);
    return known ? form.querySelector("input[name=eyes]") : null;
  }
  document.addEventListener("change", function (event) {
    const target = event.target;
    const form = target.closest && target.closest("form[data-entry-form]");
    if (!pointer || !form || !["kind", "solo", "player", "re", "winners"].includes(target.name)) {
      return;
    }
    const field = numberField(form);
    if (field && field.value === "" && !field.closest("[hidden]")) {
      field.focus({ preventScroll: true });
    }
  });
})();

// Parts of a live page carry the version of the list they show (data-version): an answer
// that was on its way while a newer one arrived (a poll overtaken by a save) replaces nothing
// newer, and the entry part is replaced only by a newer list and only while untouched.
document.addEventListener("htmx:oobBeforeSwap", function (event) {
  const target = event.detail.target;
  const incoming = event.detail.fragment.firstElementChild;
  if (!target || !incoming || !target.dataset.version || !incoming.dataset.version) {
    return;
  }
  const older = Number(incoming.dataset.version) < Number(target.dataset.version);
  const same = incoming.dataset.version === target.dataset.version;
  const busy = target.id === "eingabe"
    && target.querySelector("form[data-entry-form][data-dirty], form.htmx-request");
  if (older || busy || (same && target.id === "eingabe")) {
    event.detail.shouldSwap = false;
  }
});

// A save's answer moves the page to the entry part ("show:#eingabe:top"), which htmx looks
// up from the first element it swapped: the header, sent out of band. A poll answered just
// after the save may have replaced that header by then, and htmx would scroll nowhere,
// leaving the next game's fields under the bar; the entry part is brought to the top here.
document.addEventListener("htmx:afterSettle", function (event) {
  const entry = event.target;
  const config = event.detail.requestConfig;
  const source = config ? config.elt : null;
  if (entry.id === "eingabe" && entry.isConnected && source instanceof Element
    && source.matches("form[data-entry-form]")) {
    entry.scrollIntoView({ block: "start", behavior: "instant" });
  }
});

// A save's answer appends its new row to the list (beforeend: the fragment holds the rows,
// each with the save's data-version). A row already on the page, or one whose version the
// list shown has reached (a poll answered first), is not added again.
document.addEventListener("htmx:oobBeforeSwap", function (event) {
  const list = event.detail.target && event.detail.target.closest("[data-version]");
  Array.from(event.detail.fragment.children).forEach(function (row) {
    if (!row.matches("tr[id][data-version]")) {
      return;
    }
    const shown = document.getElementById(row.id) !== null;
    const listed = list && Number(row.dataset.version) <= Number(list.dataset.version);
    if (shown || listed) {
      row.remove();
    }
  });
});

// A save that does not reach the server (WLAN gone, server restarting) keeps the form as it
// is, says so, and is sent again every few seconds until it arrives; the server stores a
// game that arrives twice only once.
(function () {
  const RETRY_MS = 3000;
  function offlineNote(form, shown) {
    const note = form.querySelector(".offline");
    if (note) {
      note.hidden = !shown;
    }
  }
  function failed(event) {
    const form = event.detail.elt;
    if (!(form instanceof HTMLFormElement) || !form.matches("[data-entry-form]")) {
      return;
    }
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (event.type === "htmx:responseError" && status < 500) {
      return;
    }
    offlineNote(form, true);
    window.setTimeout(function () {
      if (document.body.contains(form)) {
        htmx.trigger(form, "submit");
      }
    }, RETRY_MS);
  }
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (type) {
    document.addEventListener(type, failed);
  });
})();

// A list whose address no longer holds (the table's code was renewed, the round closed)
// answers the page's own requests (live poll, preview, save) with 404: the page is loaded
// again, so that it says so, and stops polling an address that counts as a wrong code.
document.addEventListener("htmx:responseError", function (event) {
  if (event.detail.xhr && event.detail.xhr.status === 404) {
    window.location.reload();
  }
});

// Standings ([data-highlight-changes]): a row whose points changed with a live update is
// marked (class "changed") for a while, so that a reader sees what just moved.
(function () {
  const SHOW_MS = 15000;
  const totals = new Map();
  const changedAt = new Map();
  function rows() {
    return document.querySelectorAll("table[data-highlight-changes] tr[data-key]");
  }
  function update(first) {
    const now = Date.now();
    rows().forEach(function (row) {
      const key = row.dataset.key;
      if (!first && totals.has(key) && totals.get(key) !== row.dataset.total) {
        changedAt.set(key, now);
      }
      totals.set(key, row.dataset.total);
      row.classList.toggle("changed", now - (changedAt.get(key) || -Infinity) < SHOW_MS);
    });
  }
  update(true);
  document.addEventListener("htmx:load", function () {
    update(false);
  });
  window.setInterval(function () {
    update(false);
  }, 5000);
})();

// Projector ([data-pager]): when the standings do not fit the screen, show them a page at a
// time, turning every data-pager-seconds; "Seite n von m" in [data-pager-status]. A live
// update (htmx:load) or a new window size lays the pages out again, staying on the page.
(function () {
  let page = 0;
  let pages = [];
  function box() {
    return document.querySelector("[data-pager]");
  }
  function show() {
    const pager = box();
    if (!pager) {
      return;
    }
    pages.forEach(function (rows, index) {
      rows.forEach(function (row) {
        row.hidden = index !== page;
      });
    });
    const status = pager.querySelector("[data-pager-status]");
    if (status) {
      status.textContent = pages.length > 1 ? "Seite " + (page + 1) + " von " + pages.length : "";
    }
  }
  function fit() {
    // Lists that show what fits ([data-fit]): an item cut off at the bottom is left out.
    document.querySelectorAll("[data-fit]").forEach(function (list) {
      const bottom = list.getBoundingClientRect().bottom;
      list.querySelectorAll("li").forEach(function (item) {
        item.hidden = false;
      });
      list.querySelectorAll("li").forEach(function (item) {
        item.hidden = item.getBoundingClientRect().bottom > bottom;
      });
    });
  }
  function layOut() {
    fit();
    const pager = box();
    pages = [];
    if (!pager || window.matchMedia("(max-aspect-ratio: 1/1)").matches) {
      if (pager) {
        pager.removeAttribute("data-paged");
        pager.querySelectorAll("tbody tr").forEach(function (row) { row.hidden = false; });
      }
      return;
    }
    const rows = Array.from(pager.querySelectorAll("tbody tr"));
    rows.forEach(function (row) { row.hidden = false; });
    pager.setAttribute("data-paged", "");
    if (!rows.length) {
      return;
    }
    const room = pager.getBoundingClientRect().bottom - rows[0].getBoundingClientRect().top;
    let current = [];
    let used = 0;
    rows.forEach(function (row) {
      const height = row.getBoundingClientRect().height;
      if (current.length && used + height > room) {
        pages.push(current);
        current = [];
        used = 0;
      }
      current.push(row);
      used += height;
    });
    pages.push(current);
    page = Math.min(page, pages.length - 1);
    show();
  }
  function turn() {
    if (pages.length > 1) {
      page = (page + 1) % pages.length;
      show();
    }
  }
  const pager = box();
  if (!pager) {
    return;
  }
  layOut();
  window.setInterval(turn, 1000 * (Number(pager.dataset.pagerSeconds) || 12));
  window.addEventListener("resize", layOut);
  document.addEventListener("htmx:load", function (event) {
    if (event.target.querySelector && event.target.querySelector("[data-pager]")) {
      layOut();
    }
  });
})();

// Live parts with data-state (templates/_live.html, live_part): a live update leaves a part
// showing the same state as it is, and inside a part it replaces, keeps each part of its own
// ([id][data-state]) that did not change (hx-preserve moves the shown one into the new
// content): an open menu stays open and the focus stays where it was.
(function () {
  function keepUnchanged(element) {
    Array.from(element.children).forEach(function (child) {
      const shown = child.id && child.dataset.state ? document.getElementById(child.id) : null;
      if (shown && shown.dataset.state === child.dataset.state) {
        child.setAttribute("hx-preserve", "");
      } else {
        keepUnchanged(child);
      }
    });
  }
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    const target = event.detail.target;
    const incoming = event.detail.fragment.firstElementChild;
    if (!event.detail.shouldSwap || !target || !incoming || !target.dataset.state) {
      return;
    }
    if (incoming.dataset.state === target.dataset.state) {
      event.detail.shouldSwap = false;
    } else {
      keepUnchanged(incoming);
    }
  });
})();

// Forms a live update leaves in place send the tournament version the page shows now: an
// element with data-form-version, swapped in with the update, sets it in every form's
// version field (the Turnierleitung's buttons on the round overview and the table plan).
document.addEventListener("htmx:load", function (event) {
  const source = event.detail.elt;
  if (!(source instanceof Element) || !source.dataset.formVersion) {
    return;
  }
  document.querySelectorAll("form input[name=version]").forEach(function (input) {
    input.value = source.dataset.formVersion;
  });
});

// "Wo sitze ich?" (templates/rounds/seats*.html): the search box filters the names in place
// while typing, by the rule of tournament/player_pages/seats.py (the text is the start
// number, or the folded name contains the folded text, or does so with "ae", "oe", "ue"
// contracted on both sides); without JavaScript its form asks the server (?q=). A live
// update of the list keeps the filter.
(function () {
  function fold(text) {
    return text.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "").replace(/ß/g, "ss")
      .trim();
  }
  function contract(folded) {
    return folded.replace(/ae|oe|ue/g, function (found) { return found[0]; });
  }
  function filter(input) {
    const part = document.querySelector(input.dataset.seatSearch);
    if (!part) {
      return;
    }
    const wanted = fold(input.value);
    const short = contract(wanted);
    let shown = 0;
    const rows = part.querySelectorAll("[data-suche]");
    rows.forEach(function (row) {
      const match = wanted === "" || row.dataset.nr === wanted ||
        row.dataset.suche.includes(wanted) || contract(row.dataset.suche).includes(short);
      row.hidden = !match;
      shown += match ? 1 : 0;
    });
    const count = part.querySelector("[data-seat-count]");
    if (count) {
      const text = wanted === "" ? "" : shown === 0 ? count.dataset.none
        : count.dataset.pattern.replace("{shown}", shown).replace("{all}", rows.length);
      if (count.textContent !== text) {
        count.textContent = text;
      }
    }
  }
  function filterAll() {
    document.querySelectorAll("[data-seat-search]").forEach(filter);
  }
  document.addEventListener("input", function (event) {
    if (event.target instanceof HTMLInputElement && event.target.matches("[data-seat-search]")) {
      filter(event.target);
    }
  });
  document.addEventListener("htmx:oobAfterSwap", filterAll);
  document.addEventListener("htmx:afterSettle", filterAll);
})();

// A public live page's stream (templates/_live.html, tournament/web/push.py): each event is the
// page of a new state, taken like the poller's answer (its parts out of band, the poller
// with its new token among them). While the stream is open the poller asks nothing; when the
// stream ends (server restart, WLAN gone) it polls until htmx has opened the stream again.
(function () {
  let streaming = false;
  document.addEventListener("htmx:sseOpen", function () {
    streaming = true;
  });
  ["htmx:sseError", "htmx:sseClose"].forEach(function (type) {
    document.addEventListener(type, function () {
      streaming = false;
    });
  });
  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    event.preventDefault();
    const poller = document.getElementById("live");
    if (poller) {
      htmx.swap(poller, event.detail.data, { swapStyle: "none" },
        { selectOOB: poller.getAttribute("hx-select-oob") || "#live" });
    }
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (streaming && event.detail.elt.id === "live") {
      event.preventDefault();
    }
  });
})();
