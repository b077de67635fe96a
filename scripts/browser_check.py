#!/usr/bin/env python3
"""Opens report HTML files in headless Chromium at a phone (390x844) and a desktop
(1280x900) viewport, over the DevTools protocol on a pipe (no network, no extra packages).

Fails (exit 1) on any console error or uncaught exception, on content wider than the
viewport (the page itself must not scroll sideways), on chart text outside its chart or text
wider than its table cell or fact box, and on a link to a file that does not exist or to an
anchor its page does not have; with --fit-tables, on a phone, on a table wider than its box
(one a reader would have to scroll sideways); with --fold, on a page too long or an element
too far down on the phone; with --roster DATABASE, on a coach page (coaches/<id>.html) that
does not name every athlete the published database gives that coach. With --shots DIR it
saves a PNG of each page at each viewport.

usage: browser_check.py [--chromium PATH] [--shots DIR] [--fold GLOB=SELECTOR:N]
                        [--fit-tables GLOB] [--roster DATABASE] FILE.html...
"""
import argparse
import fnmatch
import base64
import json
import os
import subprocess
import sys

VIEWPORTS = [("phone", 390, 844, True), ("desktop", 1280, 900, False)]

OVERFLOW_JS = """
(() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')]
    .filter(e => !e.closest('.scroll') && e.getBoundingClientRect().right > width + 1)
    .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ? '.' + e.className : ''));
  const scrolled = [...document.querySelectorAll('.scroll')]
    .filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => (e.closest('section') || e).querySelector('h2, h3, h4')?.textContent || 'a table');
  // Chart text drawn outside its chart, and text wider than its cell or fact box.
  const clipped = [];
  for (const text of document.querySelectorAll('svg text')) {
    const box = text.ownerSVGElement.getBoundingClientRect(), r = text.getBoundingClientRect();
    if (r.width && (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 ||
        r.bottom > box.bottom + 1)) clipped.push('chart text “' + text.textContent + '”');
  }
  for (const cell of document.querySelectorAll('td, th, .fact')) {
    if (cell.scrollWidth > cell.clientWidth + 1) clipped.push(
      cell.tagName.toLowerCase() + ' “' + cell.textContent.trim().slice(0, 40) + '”');
  }
  const links = [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'));
  const ids = [...document.querySelectorAll('[id]')].map(e => e.id);
  return JSON.stringify({scrollWidth: document.documentElement.scrollWidth, width, wide,
    scrolled, height: document.documentElement.scrollHeight, title: document.title,
    clipped: clipped.slice(0, 5), links, ids, text: document.body.innerText});
})()
"""


class DevTools:
    """A Chromium started with --remote-debugging-pipe: commands go to its fd 3, replies and
    events come from its fd 4, each message JSON ending in a NUL byte."""

    def __init__(self, chromium):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def wire():
            # Move the ends to 3 and 4 via fresh numbers, so neither overwrites the other,
            # and let them survive exec (pipes are created close-on-exec).
            reader, writer = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(reader, 3)
            os.dup2(writer, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--remote-debugging-pipe", "--no-sandbox",
             "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--hide-scrollbars", "--mute-audio", "about:blank"],
            preexec_fn=wire, close_fds=False,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method):
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                del self.events[index]
                return event
        while True:
            event = self.receive()
            if event.get("method") == method:
                return event
            self.events.append(event)

    def close(self):
        try:
            self.send("Browser.close")
        except RuntimeError:
            pass
        self.process.wait(timeout=20)


def problems_in(events):
    found = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            found.append("uncaught exception: " + params["exceptionDetails"].get("text", ""))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            found.append("console error: " + " ".join(
                str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", [])))
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            found.append("log error: " + params["entry"].get("text", ""))
    return found


def fold_limits(path, folds):
    """The (selector, screens) of every --fold rule whose pattern the path matches."""
    limits = []
    for rule in folds:
        pattern, _, limit = rule.partition("=")
        selector, _, screens = limit.rpartition(":")
        if fnmatch.fnmatch(path, pattern):
            limits.append((selector, float(screens)))
    return limits


def dead_links(path, links, ids):
    """The links of the page at `path` that do not open: a file that is not there, or an
    anchor its page lacks. Links out of the release (http, mailto) are not followed."""
    dead = []
    for link in sorted(set(links)):
        if ":" in link.split("/")[0]:
            continue
        target, _, anchor = link.partition("#")
        if target:
            file = os.path.normpath(os.path.join(os.path.dirname(path), target))
            if not os.path.exists(file):
                dead.append(link)
                continue
            if anchor and f'id="{anchor}"' not in open(file, encoding="utf-8").read():
                dead.append(link)
        elif anchor and anchor not in ids:
            dead.append(link)
    return dead


def missing_athletes(path, text, database):
    """The athletes the published database gives the coach of a coach page, not named on it."""
    import sqlite3
    coach = os.path.splitext(os.path.basename(path))[0]
    if os.path.basename(os.path.dirname(os.path.abspath(path))) != "coaches" or not database:
        return []
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        names = [row[0] for row in db.execute(
            "SELECT username FROM user_profile WHERE coach_id = ?", (coach,))]
    return [name for name in names if name not in text]


def check(browser, path, shots, folds=(), fit_tables=(), roster=None):
    failures = []
    url = "file://" + os.path.abspath(path)
    for name, width, height, mobile in VIEWPORTS:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send(
            "Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            browser.send(domain + ".enable", session=session)
        browser.send("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
            session=session)
        browser.events.clear()
        browser.send("Page.navigate", {"url": url}, session=session)
        browser.wait_for("Page.loadEventFired")
        layout = json.loads(browser.send("Runtime.evaluate", {
            "expression": OVERFLOW_JS, "returnByValue": True}, session=session)["result"]["value"])
        before = len(failures)
        for problem in problems_in(browser.events):
            failures.append(f"{path} [{name}]: {problem}")
        if mobile and layout["scrolled"] and any(fnmatch.fnmatch(path, g) for g in fit_tables):
            failures.append(
                f"{path} [{name}]: a table wider than the screen (it scrolls sideways) in: "
                f"{'; '.join(layout['scrolled'])}")
        if layout["clipped"]:
            failures.append(
                f"{path} [{name}]: text outside its box: {'; '.join(layout['clipped'])}")
        dead = dead_links(path, layout["links"], layout["ids"])
        if dead and mobile:
            failures.append(f"{path}: links that do not open: {', '.join(dead[:5])}")
        missing = missing_athletes(path, layout["text"], roster) if mobile else []
        if missing:
            failures.append(f"{path}: the coach's athletes not on the page: {', '.join(missing)}")
        if layout["scrollWidth"] > layout["width"]:
            failures.append(
                f"{path} [{name}]: content {layout['scrollWidth']} px wide in a {layout['width']} px "
                f"viewport; too wide: {', '.join(layout['wide']) or 'unknown'}")
        for selector, screens in fold_limits(path, folds) if mobile else []:
            # "body": the whole page; otherwise where the element starts.
            expression = ("document.documentElement.scrollHeight" if selector == "body" else
                          f"(e => e ? e.getBoundingClientRect().top + window.scrollY : null)"
                          f"(document.querySelector({json.dumps(selector)}))")
            reach = browser.send("Runtime.evaluate", {
                "expression": expression, "returnByValue": True},
                session=session)["result"].get("value")
            if reach is None or reach > screens * height:
                failures.append(
                    f"{path} [{name}]: {selector} reaches {reach} px, past {screens:g} screens "
                    f"of {height} px")
        if shots:
            os.makedirs(shots, exist_ok=True)
            full = min(layout["height"], 2600 if mobile else 1800)
            image = browser.send("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": width, "height": full, "scale": 1}},
                session=session)["data"]
            stem = os.path.splitext(os.path.basename(path))[0]
            kind = os.path.basename(os.path.dirname(os.path.abspath(path)))
            with open(os.path.join(shots, f"{kind}-{stem}-{name}.png"), "wb") as out:
                out.write(base64.b64decode(image))
        print(f"ok   {path} [{name}] {layout['scrollWidth']}x{layout['height']} px, "
              f"title “{layout['title']}”" if len(failures) == before
              else f"FAIL {path} [{name}]")
        browser.send("Target.closeTarget", {"targetId": target})
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--shots")
    parser.add_argument(
        "--fold", action="append", default=[],
        help="GLOB=SELECTOR:N: on a phone, a matching page's SELECTOR starts within N screens "
             "(body: the whole page ends within them)")
    parser.add_argument(
        "--fit-tables", action="append", default=[],
        help="GLOB: on a phone, every table of a matching page fits without scrolling sideways")
    parser.add_argument(
        "--roster", help="the published database: every coach page names each of its athletes")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    browser = DevTools(args.chromium)
    failures = []
    try:
        for path in args.files:
            failures += check(
                browser, path, args.shots, args.fold, args.fit_tables, args.roster)
    finally:
        browser.close()
    for failure in failures:
        print("FAIL " + failure, file=sys.stderr)
    print(f"{len(args.files)} pages, {len(failures)} problems")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
