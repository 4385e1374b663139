// Ask before an action that is hard to undo (buttons with data-confirm).
document.addEventListener("click", function (event) {
  const button = event.target.closest("[data-confirm]");
  if (button && !window.confirm(button.dataset.confirm)) {
    event.preventDefault();
  }
});
// A form is sent once: a second click while the page loads does nothing.
document.addEventListener("submit", function (event) {
  const form = event.target;
  if (form.dataset.sent) {
    event.preventDefault();
    return;
  }
  if (form.method.toLowerCase() === "post") {
    form.dataset.sent = "1";
  }
});
// Countdown clocks: an element with data-deadline (ISO 8601, UTC, e.g. 2026-11-21T14:40:00Z)
// shows the time left as "noch m:ss min", the same text the server wrote into it, and
// "abgelaufen" with the class clock-over from then on. An optional data-now (the server's
// time when the page was made, same format) corrects a device whose own clock is off.
(function () {
  const loaded = Date.now();
  const clocks = [];
  document.querySelectorAll("[data-deadline]").forEach(function (element) {
    const deadline = Date.parse(element.dataset.deadline);
    if (Number.isNaN(deadline)) {
      return;
    }
    const server = Date.parse(element.dataset.now || "");
    clocks.push({
      element: element,
      deadline: deadline,
      offset: Number.isNaN(server) ? 0 : server - loaded,
    });
  });
  if (clocks.length === 0) {
    return;
  }
  function tick() {
    const now = Date.now();
    clocks.forEach(function (clock) {
      const left = Math.max(0, Math.floor((clock.deadline - (now + clock.offset)) / 1000));
      const text = left === 0
        ? "abgelaufen"
        : "noch " + Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") + " min";
      if (clock.element.textContent !== text) {
        clock.element.textContent = text;
      }
      clock.element.classList.toggle("clock-over", left === 0);
    });
  }
  tick();
  window.setInterval(tick, 1000);
})();
// Score-list forms: parts that belong to other game kinds are hidden ([data-show-for]),
// and a preview no longer matches once a field changes, so the next press checks again.
function showForKind(form) {
  const kind = form.querySelector("input[name=kind]:checked");
  form.querySelectorAll("[data-show-for]").forEach(function (part) {
    part.hidden = Boolean(kind) && !part.dataset.showFor.split(" ").includes(kind.value);
  });
}
document.querySelectorAll("form[data-preview-form]").forEach(function (form) {
  showForKind(form);
  const changed = function (event) {
    showForKind(form);
    const confirmed = form.querySelector("input[name=confirmed]");
    if (confirmed && confirmed.value && event.target.type !== "hidden") {
      confirmed.value = "";
      const button = form.querySelector("button[type=submit]");
      if (button) {
        button.textContent = button.dataset.checkLabel || "Prüfen";
      }
      const preview = document.getElementById(form.id + "-vorschau");
      if (preview) {
        preview.hidden = true;
      }
    }
  };
  form.addEventListener("change", changed);
  form.addEventListener("input", changed);
});
