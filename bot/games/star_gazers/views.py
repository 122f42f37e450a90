"""What each seat may see in Star Gazers. The public view carries no secret.

Secrets: every seat's Journal cards (until the game is over), the two cards dealt at the start
and which one was kept, the order of the Galaxy bag and of the face-down tile stacks, and the
active seat's unconfirmed draft (its turn in progress). The public view always shows the last
*confirmed* position; only the active seat's own view shows its draft applied.

Schema of ``view(state, None)`` (public)::

    game: "star-gazers"
    phase: "journal" | "draft" | "over"   # journal = everyone keeps one of two dealt cards
    seats: int                            # 2..4
    decision: int                         # same as decision_id; constant during one turn
    round: int                            # 1-based; 0 during the journal phase
    rounds: int                           # 2 x seats
    pick: int                             # 1-based pick number inside the round (1..8)
    picks_per_round: 8
    first: int                            # seat holding the First Player marker this round
    order: [int]                          # seats for this round's remaining picks, current first
    turn: int | None                      # seat whose turn it is (None outside the draft)
    waiting: [int]                        # same as to_act
    universe: [Offer | None] x 8          # Universe squares 0..7 (None = already taken)
        Offer = {square: int, tile: Tile, token: Token}
    centre: {circle: [str], hex: [str]}   # bonus types lying in the centre (last-pick prize)
    supply: {star, shuttle, sun, moon, comet, station: int}   # general supply counts
    stacks_left: int                      # face-down tile stacks not yet dealt
    bag_left: int                         # Galaxy tokens still in the bag
    journal_board: [Deck] x 3             # the Journal draft board
        Deck = {deck: "I"|"II"|"III", top: Card | None, shown: Card | None, left: int}
        # top = face-up top of the deck, shown = the card beside it, left = cards in the deck
    constellations: [Constellation] x 2   # the two active cards (one A, one B)
        Constellation = {id, name, side: "A"|"B", cells: [int], edges: [[a, b]], stars: int}
    shuttle_spaces: [str] x 8             # the bonus of each Shuttle space, see below
    players: [Player] x seats
        Player = {
          seat: int,
          mural: Mural,
          reserve: [Token],               # 0..2 tokens waiting in the Reserve
          shuttles: [Token | None] x 8,   # the Shuttle spaces of the Journal board
          tile_move_used: bool,           # the once-per-game tile move is spent
          tiles: int, journal_count: int, discarded: int,
          journal: [Card] | None,         # None until the game is over, then every card with
                                          # complete: bool
          score: Breakdown,               # points so far; telescopes count 0 (cards are secret)
                                          # until the game is over
        }
    outcome: None | {scores: [int], winners: [int], breakdown: [Breakdown]}

    Mural = {
      squares: [Square] x 16,             # row-major, 0 = top left
        Square = {tile: Placed | None, token: Token | None, under: Token | None}
        # token = the circular token on top; under = what a Black Hole covers (scores nothing)
      completed: [{icon: "planet"|"star", cells: [a, b], halves: [str, str]}],
        # whole icons made by two halves on the shared edge of squares a < b
      unmatched: int,                     # half icons that complete nothing (border or mismatch)
    }
    Tile = {id: "T07", icons: [str], edges: [str | None] x 4}   # edges N, E, S, W unrotated
    Placed = Tile + {rotation: 0..3, edges: [...] as placed (N, E, S, W), hex: [Token]}
    Token = {id: str, kind: str, event: str | None, shape: "circle"|"hex", bonus: bool}
        kind: shuttle | photo | black_hole | star | sun | meteor | moon | comet | station
        event (photos only): eclipse | aurora | nebula | supernova | transit
        bonus: True for Bonus tokens and the Starter Sun (drawn with targeting arrows)
    Card = {id: "J-II-04", deck: "I"|"II"|"III", kind: "adjacent"|"line"|"solar",
            needs: {icon: count}, telescopes: 1..4}
        needs keys: moon comet station meteor planet black_hole sun photo star star_any
        # star = a completed printed Star; star_any (drawn "Star*") = a Star token or printed Star
    Breakdown = {
      photos: {unique: int, points: int},
      telescopes: {count: int, points: int, completed: [card id]},
      constellations: [{card: id, stars: int, rotation: 0..3, points: int}] x 2,
      icons: {comet, meteor, moon, station, black_hole, planet: int},   # counts
      icon_points: int,                   # 1 each for the first four, 2 each for the last two
      total: int,
    }
    Edge halves: None | "star" | "ringed" | "banded" | "cratered" | "icy" | "wild"
    Shuttle bonuses: "gain" (Bonus token from the supply), "move_token", "move_tile" (once
    per game), "journal" (take a face-up Journal card).

``view(state, seat)`` adds, for that seat only::

    you: int
    journal: [Card + {complete: bool}]    # own cards (complete = against the preview Mural)
    dealt: [Card] | None                  # journal phase: the two dealt cards
    kept: str | None                      # journal phase: the kept card id once chosen
    preview: Player + {universe, centre, supply, journal_board}
        # the seat's own board with its unconfirmed draft applied (equal to the confirmed
        # board when it is not this seat's turn); the four extra keys as in the public view,
        # also with the draft applied; preview.score counts telescopes
    choice: Choice | None                 # what this seat must decide now, legal options only
    queue: [str]                          # what is still to place after the current step:
                                          # "tile", "token", "bonus", "circle", "hex", "effect"
    reserve_playable: [int]               # Reserve indices that may be played into the Mural now
    can_undo: bool
    can_confirm: bool

    Choice, by kind:
      {kind: "keep", cards: [str]}
      {kind: "pick", squares: [int], last: bool}        # last = this is the round's final pick
      {kind: "bonus", shape: "circle"|"hex", types: [str]}
      {kind: "tile", tile: Tile, cells: [int], rotations: [0, 1, 2, 3]}
      {kind: "token", token: Token, from_reserve: bool, targets: [Target]}
          Target = {target: "cell", cell: int, covers: Token | None}   # covers: Black Hole target
                 | {target: "reserve"}
                 | {target: "shuttle", space: int, bonus: str}
                 | {target: "discard"}
      {kind: "gain", types: [str], optional: true}
      {kind: "move_token", moves: [{from: int, to: [int]}], optional: true}
      {kind: "move_tile", moves: [{from: int, to: [int]}], rotations: [0, 1, 2, 3], optional: true}
          # when ``to`` holds a tile it is a swap and swap_rotation is required
      {kind: "journal", cards: [Card + {slot: "top"|"shown"}], optional: true}
      {kind: "confirm"}                   # everything is placed: confirm (or undo, or play
                                          # a Reserve token)
      None when it is not this seat's decision.

A panel may preview any sub-action by calling ``game.apply`` on the state and showing
``view(new_state, seat)["preview"]``: ``apply`` is pure and never changes its input.
"""
