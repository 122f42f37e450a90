"""How the sandbox page writes the bot's text: Discord's markdown, timestamps and dates, in JavaScript.

Discord shows ``<t:UNIX:STYLE>`` in the reader's own time zone and language, and the ``R`` style as
a relative time that keeps moving ("in 25 seconds", "2 minutes ago"). The sandbox runs its own
clock (SimCord's), so the page counts from the sandbox's "now" that every ``/api/state`` answer
carries, not from the browser's: a countdown on the page runs out when the bot's timer fires.
Message dates ("Today at 18:04") are read against the same clock.

Kept apart from ``bot.sandbox.page_script`` (the page's behaviour) so each stays short; the server
sends both as one script.
"""

from __future__ import annotations

TEXT_JS = r"""
// The sandbox's clock, as last told by /api/state (a small jitter is ignored so a countdown
// does not stutter between polls).
const sandboxClock = { offset: 0, known: false };

function setSandboxNow(seconds) {
  if (typeof seconds !== "number") return;
  const offset = seconds * 1000 - Date.now();
  if (!sandboxClock.known || Math.abs(offset - sandboxClock.offset) > 1500) sandboxClock.offset = offset;
  sandboxClock.known = true;
}

function sandboxNow() {
  return Date.now() + sandboxClock.offset;
}

const TIME_STYLES = {
  t: { hour: "numeric", minute: "2-digit" },
  T: { hour: "numeric", minute: "2-digit", second: "2-digit" },
  d: { day: "2-digit", month: "2-digit", year: "numeric" },
  D: { day: "numeric", month: "long", year: "numeric" },
  f: { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" },
  F: { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" },
};
const RELATIVE_UNITS = [
  ["year", 31536000], ["month", 2592000], ["day", 86400], ["hour", 3600], ["minute", 60]];

// "in 25 seconds", "2 minutes ago": whole units, counted down towards the instant.
function relativeTime(ms, now = sandboxNow()) {
  const seconds = Math.trunc((ms - now) / 1000);
  const format = new Intl.RelativeTimeFormat("en", { numeric: "always" });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, "second");
}

// One <t:UNIX:STYLE> as Discord shows it; an unknown style was never matched (see markdown()).
function formatTimestamp(unix, style = "f") {
  const ms = unix * 1000;
  if (style === "R") return relativeTime(ms);
  return new Date(ms).toLocaleString(undefined, TIME_STYLES[style] || TIME_STYLES.f);
}

function timestampHtml(unix, style) {
  const when = Number(unix);
  if (!Number.isFinite(when) || Math.abs(when) > 8.64e12) return null;
  const full = new Date(when * 1000).toLocaleString(undefined, TIME_STYLES.F);
  return `<time class="timestamp" data-unix="${when}" data-style="${style}" title="${escapeHtml(full)}">`
    + `${escapeHtml(formatTimestamp(when, style))}</time>`;
}

// Keep every relative time moving, once a second, by the sandbox's clock.
function tickTimestamps(root = document) {
  for (const node of root.querySelectorAll('time.timestamp[data-style="R"]')) {
    const text = formatTimestamp(Number(node.dataset.unix), "R");
    if (node.textContent !== text) node.textContent = text;
  }
}

// A message's date as Discord's header says it: "Today at 18:04", "Yesterday at …", or the date.
function messageDate(iso, now = sandboxNow()) {
  const when = new Date(iso);
  const day = (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((day(new Date(now)) - day(when)) / 86400000);
  const time = when.toLocaleTimeString(undefined, TIME_STYLES.t);
  if (days === 0) return `Today at ${time}`;
  if (days === 1) return `Yesterday at ${time}`;
  return `${when.toLocaleDateString(undefined, TIME_STYLES.d)} ${time}`;
}

function escapeHtml(text) {
  const entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  return String(text).replace(/[&<>"']/g, (c) => entities[c]);
}

// A link, as Discord opens it: a link to one of the sandbox's own channels switches to it,
// any other web address opens in a new tab. ``url`` and ``label`` are already escaped.
function linkHtml(url, label, state) {
  const inside = url.match(/^https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/channels\/[^/\s]+\/(\d+)/);
  if (inside && state.channels.some((c) => c.key === inside[1])) {
    return `<a href="#" class="link" data-goto="${inside[1]}" title="${url}">${label}</a>`;
  }
  return `<a href="${url}" class="link" target="_blank" rel="noopener noreferrer" title="${url}">`
    + `${label}</a>`;
}

// Discord's markdown, the part a bot's messages use. The text is escaped first; code spans,
// mentions, timestamps and links are set aside as placeholders so no later rule reaches into them.
function markdown(text, state) {
  const kept = [];
  const keep = (html) => `\u0000${kept.push(html) - 1}\u0000`;
  const names = state.names || {};
  const name = (id, missing) => escapeHtml(names[id] || missing);
  let html = escapeHtml(String(text || "").replace(/\u0000/g, ""));
  html = html.replace(/`([^`\n]+)`/g, (_, code) => keep(`<code>${code}</code>`));
  html = html.replace(/&lt;t:(-?\d{1,13})(?::([tTdDfFR]))?&gt;/g,
    (all, unix, style) => {
      const shown = timestampHtml(unix, style || "f");
      return shown ? keep(shown) : all;
    });
  html = html.replace(/&lt;@!?(\d+)&gt;/g,
    (_, id) => keep(`<span class="mention">@${name(id, "unknown user")}</span>`));
  html = html.replace(/&lt;@&amp;(\d+)&gt;/g, () => keep('<span class="mention">@role</span>'));
  html = html.replace(/&lt;#(\d+)&gt;/g,
    (_, id) => keep(`<a href="#" class="mention" data-goto="${id}">#${name(id, "deleted channel")}</a>`));
  html = html.replace(/\[([^\[\]\n]+)\]\((?:&lt;)?(https?:\/\/[^\s()]+?)(?:&gt;)?\)/g,
    (_, label, url) => keep(linkHtml(url, inline(label), state)));
  html = html.replace(/&lt;(https?:\/\/[^\s]+?)&gt;/g, (_, url) => keep(linkHtml(url, url, state)));
  html = html.replace(/https?:\/\/[^\s\u0000]+[^\s\u0000.,:;!?)'"]/g,
    (url) => keep(linkHtml(url, url, state)));
  html = inline(html);
  // line rules: a heading (# to ###), a small line (-#), a quote (> ), as cards use them
  html = html.split("\n").map((line) => line
    .replace(/^#{1,3} (.*)$/, '<span class="embed-title">$1</span>')
    .replace(/^-# (.*)$/, '<span class="footer">$1</span>')
    .replace(/^&gt; (.*)$/, "<blockquote>$1</blockquote>")).join("\n");
  html = html.replace(/<\/blockquote>\n/g, "</blockquote>").replace(/\n/g, "<br>");
  while (/\u0000\d+\u0000/.test(html)) html = html.replace(/\u0000(\d+)\u0000/g, (_, i) => kept[Number(i)]);
  return html;
}

// bold, underline, strike-through and italics, on escaped text
function inline(html) {
  return html.replace(/\*\*(.+?)\*\*/gs, "<strong>$1</strong>").replace(/__(.+?)__/gs, "<u>$1</u>")
    .replace(/~~(.+?)~~/gs, "<del>$1</del>").replace(/(^|[^*])\*([^*\n]+)\*/g, "$1<em>$2</em>");
}

// what a test (or a curious reader in the console) can call
window.sandboxText = { markdown, formatTimestamp, relativeTime, messageDate, sandboxNow };
"""
