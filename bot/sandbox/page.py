"""The sandbox page's look: its HTML shell and CSS, kept in Python so packaging needs no data files.

The page polls ``/api/state`` for what the chosen member sees in the chosen channel and sends
every move (slash command, button, select, modal) to ``/api/act``. The script that does so is
``bot.sandbox.page_script``; neither holds game logic: all of that is the bot's, running in
SimCord behind the API.
"""

from __future__ import annotations

PAGE_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Astrolabe sandbox</title>
<link rel="stylesheet" href="/page.css">
</head>
<body data-busy="false" data-side="closed">
<aside id="side" aria-label="Members and channels">
  <h1 id="guild">Astrolabe Sandbox</h1>
  <h2>You are</h2>
  <div id="members"></div>
  <h2 id="events-head" hidden>Events</h2>
  <div id="events"></div>
  <h2>Channels</h2>
  <nav id="channels"></nav>
  <p class="hint">The real Astrolabe bot in a simulated Discord. Nothing leaves this computer.</p>
</aside>
<div id="backdrop" aria-hidden="true"></div>
<main>
  <header id="top">
    <button id="menu" type="button" aria-label="Members and channels" aria-controls="side"
            aria-expanded="false">&#9776;</button>
    <span id="title">Connecting&hellip;</span>
  </header>
  <div id="messages" aria-live="polite"></div>
  <form id="composer" autocomplete="off">
    <select id="command" aria-label="Slash command"></select>
    <div id="options"></div>
    <button id="send" type="submit">Send</button>
  </form>
</main>
<div id="modal" hidden>
  <form id="modal-form">
    <h2 id="modal-title"></h2>
    <div id="modal-fields"></div>
    <div class="modal-buttons">
      <button type="button" id="modal-cancel">Cancel</button>
      <button type="submit" id="modal-submit">Submit</button>
    </div>
  </form>
</div>
<div id="toast" role="status" hidden></div>
<script type="module" src="/page.js"></script>
</body>
</html>
"""

PAGE_CSS = """
* { box-sizing: border-box; }
html, body { overflow-x: hidden; }
body { margin: 0; display: flex; height: 100vh; height: 100dvh; font: 15px/1.4 system-ui, sans-serif;
       background: #313338; color: #dbdee1; }
#side { width: 230px; flex: none; background: #2b2d31; padding: 12px; overflow-y: auto; }
#side h1 { font-size: 16px; color: #f2f3f5; margin: 4px 0 16px; }
#side h2 { font-size: 11px; text-transform: uppercase; color: #949ba4; margin: 16px 0 6px; }
#members { display: flex; flex-wrap: wrap; gap: 6px; }
.member { background: #404249; color: #dbdee1; border: 2px solid transparent; border-radius: 14px;
          padding: 3px 10px; cursor: pointer; }
.member.active { border-color: #5865f2; color: #fff; background: #5865f2; }
#channels button { display: block; width: 100%; text-align: left; background: none; border: 0;
                   color: #949ba4; padding: 6px 8px; border-radius: 4px; cursor: pointer; font-size: 15px; }
#channels button.thread { padding-left: 22px; }
#channels button.active, #channels button:hover { background: #404249; color: #f2f3f5; }
.hint { color: #949ba4; font-size: 12px; margin-top: 24px; }
main { flex: 1; display: flex; flex-direction: column; min-width: 0; }
#top { display: flex; align-items: center; gap: 10px; padding: 12px 16px; border-bottom: 1px solid #1f2023;
       font-weight: 600; color: #f2f3f5; }
#title { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
#menu { display: none; flex: none; background: #404249; color: #f2f3f5; border: 0; border-radius: 4px;
        width: 36px; height: 32px; font-size: 18px; cursor: pointer; }
#backdrop { display: none; }
#messages { flex: 1; overflow-y: auto; padding: 8px 16px; }
.empty { color: #949ba4; padding: 24px 0; }
.message { padding: 6px 0; }
.message.ephemeral { background: #35373c; border-left: 2px solid #5865f2; padding-left: 8px; }
.author { font-weight: 600; color: #f2f3f5; }
.author.bot::after { content: "APP"; font-size: 10px; background: #5865f2; color: #fff;
                     border-radius: 3px; padding: 0 4px; margin-left: 6px; vertical-align: 2px; }
.time, .only-you { color: #949ba4; font-size: 12px; margin-left: 8px; }
.content { white-space: normal; overflow-wrap: anywhere; }
.content a { color: #00a8fc; text-decoration: none; } .content a:hover { text-decoration: underline; }
.timestamp { background: #3f4147; border-radius: 3px; padding: 0 2px; }
.content del { color: #b5bac1; }
.content blockquote { margin: 2px 0; padding-left: 10px; border-left: 4px solid #4e5058; }
.content code { background: #1e1f22; padding: 0 3px; border-radius: 3px; }
.mention { background: #3c4270; color: #c9cdfb; border-radius: 3px; padding: 0 2px; text-decoration: none; }
.embed { background: #2b2d31; border-left: 4px solid #1e1f22; border-radius: 4px; padding: 8px 12px;
         margin-top: 6px; max-width: 620px; min-width: 0; }
.embed-title { font-weight: 600; color: #f2f3f5; }
.fields { display: flex; flex-wrap: wrap; gap: 8px 24px; margin-top: 6px; }
.field { min-width: 150px; } .field.block { flex-basis: 100%; }
.field-name { font-weight: 600; font-size: 13px; color: #f2f3f5; }
.footer { font-size: 12px; color: #949ba4; margin-top: 6px; }
.poll { max-width: 440px; }
.poll-answer { display: flex; justify-content: space-between; gap: 8px; width: 100%; margin-top: 6px;
               padding: 8px 10px; border: 1px solid #4e5058; border-radius: 6px; color: #f2f3f5;
               cursor: pointer; font: inherit; text-align: left;
               background: linear-gradient(90deg, #3c4270 var(--share), #1e1f22 var(--share)); }
.poll-answer:disabled { cursor: default; }
.votes { color: #b5bac1; font-size: 13px; white-space: nowrap; }
a.file { display: inline-block; margin-top: 6px; padding: 8px 12px; border-radius: 6px;
         background: #2b2d31; border: 1px solid #1e1f22; color: #00a8fc; text-decoration: none; }
.event { background: #313338; border-radius: 6px; padding: 8px; margin-bottom: 6px; font-size: 13px;
         overflow-wrap: anywhere; }
.event-name { font-weight: 600; color: #f2f3f5; }
.event.active .event-name::before { content: "\25cf  "; color: #23a55a; }
.event button.component { margin-top: 6px; padding: 4px 10px; font-size: 13px; }
img.image { display: block; max-width: 100%; max-height: 460px; border-radius: 4px; margin-top: 8px; }
.row { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
button.component { border: 0; border-radius: 4px; padding: 6px 14px; color: #fff; cursor: pointer;
                   font-size: 14px; background: #4e5058; }
button.component.primary { background: #5865f2; } button.component.success { background: #248046; }
button.component.danger { background: #da373c; } button.component.link { background: #4e5058; }
button.component:disabled { opacity: .5; cursor: not-allowed; }
select.component { background: #1e1f22; color: #dbdee1; border: 1px solid #1e1f22; border-radius: 4px;
                   padding: 6px; min-width: min(280px, 100%); max-width: 100%; }
body[data-busy="true"] .component, body[data-busy="true"] #send { pointer-events: none; opacity: .6; }
#composer { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; padding: 12px 16px;
            background: #383a40; }
#composer select, #composer input, #modal input, #modal textarea {
  background: #1e1f22; color: #dbdee1; border: 1px solid #1e1f22; border-radius: 4px; padding: 7px;
  font: inherit; }
#command { min-width: min(260px, 100%); max-width: 100%; }
#options { display: contents; }
label.option { display: flex; flex-direction: column; font-size: 12px; color: #b5bac1; gap: 2px;
                max-width: 100%; }
label.option > * { max-width: 100%; }
#send, #modal-submit { background: #5865f2; color: #fff; border: 0; border-radius: 4px; padding: 8px 18px;
                       cursor: pointer; font: inherit; }
#modal { position: fixed; inset: 0; background: rgba(0, 0, 0, .6); display: flex;
         align-items: center; justify-content: center; }
#modal[hidden] { display: none; }
#modal form { background: #313338; border-radius: 8px; padding: 16px 20px; width: 440px; max-width: 94vw;
              display: flex; flex-direction: column; gap: 12px; }
#modal h2 { margin: 0; font-size: 18px; color: #f2f3f5; }
.modal-buttons { display: flex; justify-content: flex-end; gap: 8px; }
#modal-cancel { background: none; color: #dbdee1; border: 0; cursor: pointer; font: inherit; }
#toast { position: fixed; bottom: 90px; left: 50%; transform: translateX(-50%); background: #111214;
         color: #f2f3f5; padding: 10px 16px; border-radius: 6px; max-width: 80vw; }
/* A phone: the sidebar folds away behind the menu button and slides over the messages. */
@media (max-width: 720px) {
  #menu { display: block; }
  #side { position: fixed; z-index: 20; inset: 0 auto 0 0; width: min(280px, 85vw);
          transform: translateX(-100%); transition: transform .15s ease-out; }
  body[data-side="open"] #side { transform: none; box-shadow: 4px 0 16px rgba(0, 0, 0, .5); }
  body[data-side="open"] #backdrop { display: block; position: fixed; inset: 0; z-index: 10;
                                     background: rgba(0, 0, 0, .5); }
  #top { padding: 8px 10px; }
  #messages { padding: 6px 8px; }
  .embed { padding: 8px 10px; }
  #composer { padding: 8px; gap: 6px; }
  #command, label.option { flex: 1 1 100%; }
  button.component { padding: 8px 12px; }
}
"""
