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
