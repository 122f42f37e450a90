"""What each seat may see. The only secrets are the Myth cards: a seat sees its own three until
the game is over, then everyone's are in the public view.

Public view, ``view(state, None)`` (all JSON; seats are ints 0..seats-1; pools numbered 0..2):

- ``game``: ``"starry-night-sky"``; ``phase``: ``"play"`` or ``"over"``; ``seats``: int.
- ``decision``: int, changes once per turn (equals ``decision_id``).
- ``round``: int from 1; ``current``: the seat whose turn it is (``None`` once over).
- ``step``: the current turn's step, one of ``assign``, ``move``, ``place``, ``bonus_move``,
  ``bonus_place``, ``end`` (``None`` once over). See ``actions.py``.
- ``dawn``: bool, the Night Track is empty (the game ends when this round is finished).
- ``final_round``: bool, same as ``dawn`` (kept for the step message wording).
- ``night``: list of int, the point values of the markers still on the Night Track,
  leftmost (next to be taken) first. ``night_total``: how many it started with (12/16/20).
- ``dawn_left``: int, markers left on the Dawn Track (each worth 3).
- ``bag``: ``{"red": int, "blue": int, "yellow": int}`` stars left in the bag.
- ``deck``: int, goal cards left to draw; ``discard``: list of goal ids discarded so far.
- ``start``: ``"START"``, the id of the centre node (never a destination).
- ``constellations``: dict id -> ``{"id", "name", "x", "y", "spots": [colour, ...],
  "filled": [bool, ...] (parallel to spots), "marker": int | None (points of the Discovery
  marker on it, None if undiscovered), "dawn_marker": bool, "discovered_by": seat | None,
  "mapped": bool (all spots filled), "telescopes": [seat, ...]}``. ``x``/``y`` are floats in
  [0, 1] (0,0 top-left). ``edges``: list of ``[id, id]`` pairs of the Stellar Path (ids may be
  ``"START"``, whose position is ``start_xy``: ``[x, y]``).
- ``players``: list per seat of ``{"seat", "at": id | "START", "pools": [[colour, ...] x3],
  "goals": [goal dict, ...] (goals are face up on the table), "myth_count": int,
  "turns": int (turns finished), "score": {"discovery", "stars", "goals", "myths", "total"}}``.
  A goal dict is ``{"id", "text", "points", "timing": "turn" | "end"}``; ``turn`` goals score as
  soon as they happen, ``end`` goals are checked when the turn ends.
- ``turn``: ``None`` once over, else ``{"seat", "step", "drawn": [colour, ...] (gathered stars
  still to assign, empty otherwise), "gathered": [colour, ...] (stars drawn this turn),
  "drew_goal": goal id | None, "explorations": [{"at": id, "name", "discovered": bool,
  "marker": int (points from discovery, 0 if none), "skipped": [id, ...] (what the move
  jumped over), "pool": int | None, "placed": {"red": n, "blue": n, "yellow": n},
  "completed": bool, "bonus": bool}, ...], "bonus_due": bool (a bonus exploration is owed or in
  progress), "trades": [{"goal": id, "colour", "pool"}], "completed_goals": [{"id", "text",
  "points", "why"}], "points": int (scored so far this turn), "skipped_explore": bool}``.
- ``last_summary``: str | None, the previous turn's summary sentence (seats as ``{0}``).
- ``myths``: ``None`` while playing; once over, list per seat of myth dicts
  ``{"id", "a", "b", "a_name", "b_name", "points", "scored": bool}``.
- ``outcome``: ``None`` while playing, else ``{"scores": [int], "winners": [seat],
  "breakdown": [{"discovery", "stars", "goals", "myths", "total", "myth_points"}]}``.

Seat view, ``view(state, seat)``: the public view plus

- ``you``: int; ``my_myths``: list of myth dicts (as above; ``scored`` = both are mapped now).
- ``my_turn``: bool.
- ``choice``: ``None`` unless it is this seat's turn, else one of
  - ``{"kind": "assign", "drawn": [colour, ...], "options": [{"pools": [int, ...],
    "result": [[colour, ...] x3]}, ...]}`` — every distinct legal assignment (``pools[i]`` is
    the pool for ``drawn[i]``) with the pools it leads to.
  - ``{"kind": "move", "bonus": bool, "destinations": [{"to": id, "name", "discovery": bool,
    "points": int (discovery points it would score now, 0 if not a discovery),
    "skips": [id, ...] (fewest skips route), "passes_telescope": bool (some route moves to or
    over another telescope), "pools": [{"pool": int, "max": {colour: int}}, ...] (pools
    that can place here and the most of each colour)}, ...], "stuck": bool}`` —
    ``stuck`` is True when no destination fits the pools now, but a trade could help (then
    only trades are legal).
  - ``{"kind": "place", "at": id, "name", "bonus": bool, "empty": {colour: int} (empty
    spots by colour), "pools": [{"pool": int, "options": [{"red", "blue", "yellow"}, ...]},
    ...]}`` — every legal placement (each option has all three keys, sum >= 1).
  - ``{"kind": "end"}`` — only trades and ``end`` remain.
- ``trades``: ``[]`` when trading is not allowed now, else one entry per held goal
  ``{"goal": id, "text", "colours": [colour in the bag], "pools": [pool with < 4 stars]}``.
- ``bonus_available``: bool, a bonus exploration is owed this turn (after the current
  placement or now).
- ``legal``: the full list of legal action dicts (as ``legal_actions``).
"""
