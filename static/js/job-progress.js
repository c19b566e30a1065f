/* A running job's progress page looks at its job again every few seconds (data-poll on the
   box): the box's status is put in place of the old one, where a screen reader reads it out
   (role="status") and the rest of the page keeps its focus; once the job has moved on (another
   stage, or done and sent to the page it leads to) the page is loaded again. Without script,
   the page's "Look again" link does it by hand. */
(function () {
  "use strict";
  const box = document.getElementById("job-progress");
  const seconds = box ? Number(box.dataset.poll) : 0;
  if (!seconds) return;

  async function look() {
    let response;
    try {
      response = await fetch(location.href, { credentials: "same-origin" });
    } catch (error) {
      setTimeout(look, seconds * 1000); // the server did not answer: try again later
      return;
    }
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById("job-progress");
    if (response.redirected || !fresh || fresh.dataset.stage !== box.dataset.stage) {
      location.reload();
      return;
    }
    const status = box.querySelector(".job-status");
    const freshStatus = fresh.querySelector(".job-status");
    if (status && freshStatus) status.innerHTML = freshStatus.innerHTML;
    setTimeout(look, seconds * 1000);
  }

  setTimeout(look, seconds * 1000);
})();
