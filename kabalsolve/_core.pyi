"""Type stubs for the compiled core (kabalsolve/_core.pyx)."""
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

STATUS_NAMES: Tuple[str, str, str]
STOP_NAMES: Tuple[Optional[str], str, str, str, str]
KLONDIKE_MOVE_TYPES: Dict[str, int]
KLONDIKE_TURNED: int
KLONDIKE_RECYCLE: int

Column = Tuple[Sequence[int], Sequence[int]]

def klondike_solve(
    columns: Sequence[Column],
    found: Sequence[int],
    talon: Sequence[int],
    wp: int = ...,
    recycles: int = ...,
    draw: int = ...,
    max_recycles: int = ...,
    foundation_moves: bool = ...,
    max_states: int = ...,
    timeout: float = ...,
    max_table_mb: int = ...,
    danish: bool = ...,
    group: int = ...,
    dead_ends: bool = ...,
    dead_ends_after: int = ...,
) -> Tuple[str, Optional[str], List[int], int, int, int, float]: ...

def klondike_verdict(
    columns: Sequence[Column],
    found: Sequence[int],
    talon: Sequence[int],
    wp: int = ...,
    recycles: int = ...,
    draw: int = ...,
    max_recycles: int = ...,
    foundation_moves: bool = ...,
    max_states: int = ...,
    timeout: float = ...,
    max_table_mb: int = ...,
) -> Tuple[str, Optional[str], int, int, int, float, int]: ...

def klondike_solve_line(
    columns: Sequence[Column],
    found: Sequence[int],
    talon: Sequence[int],
    wp: int = ...,
    recycles: int = ...,
    draw: int = ...,
    max_recycles: int = ...,
    foundation_moves: bool = ...,
    max_states: int = ...,
    timeout: float = ...,
    max_table_mb: int = ...,
    spoil_at: int = ...,
    spoil_xor: int = ...,
) -> Tuple[str, Optional[str], Optional[bytes], int, int, int, float, int]: ...

def klondike_line(
    columns: Sequence[Column],
    found: Sequence[int],
    talon: Sequence[int],
    codes: Sequence[int],
    wp: int = ...,
    recycles: int = ...,
    draw: int = ...,
    max_recycles: int = ...,
    foundation_moves: bool = ...,
) -> Tuple[int, bytes]: ...

def klondike_won_line(
    columns: Sequence[Column],
    found: Sequence[int],
    talon: Sequence[int],
    codes: Sequence[int],
    wp: int = ...,
    recycles: int = ...,
    draw: int = ...,
    max_recycles: int = ...,
    foundation_moves: bool = ...,
) -> Tuple[int, Optional[bytes]]: ...

def klondike_moves(line: bytes, table: List[Any], move: type,
                   places: Tuple[str, ...]) -> List[Any]: ...

KLONDIKE_ATOMIC: Dict[str, int]

def klondike_sample_wins(
    columns: Sequence[Column],
    found: Sequence[int],
    talon: Sequence[int],
    unseen: Sequence[int],
    seed: int,
    first: int,
    count: int,
    wp: int = ...,
    recycles: int = ...,
    draw: int = ...,
    max_recycles: int = ...,
    foundation_moves: bool = ...,
    max_states: int = ...,
    max_table_mb: int = ...,
) -> Tuple[int, int, int]: ...

def klondike_check_line(
    columns: Sequence[Column],
    found: Sequence[int],
    talon: Sequence[int],
    codes: Sequence[int],
    wp: int = ...,
    recycles: int = ...,
    draw: int = ...,
    max_recycles: int = ...,
    foundation_moves: bool = ...,
) -> int: ...

def klondike_objective(
    columns: Sequence[Column],
    found: Sequence[int],
    talon: Sequence[int],
    wp: int = ...,
    recycles: int = ...,
    draw: int = ...,
    max_recycles: int = ...,
    foundation_moves: bool = ...,
    objective: str = ...,
    incumbent: int = ...,
    max_states: int = ...,
    timeout: float = ...,
    max_table_mb: int = ...,
    weight: float = ...,
    wins_only: bool = ...,
    lead: int = ...,
    narrow: int = ...,
) -> Tuple[bool, bool, int, List[int], int, int, int, int, float, Optional[str]]: ...

def klondike_tidy(
    columns: Sequence[Column],
    found: Sequence[int],
    talon: Sequence[int],
    codes: Sequence[int],
    wp: int = ...,
    recycles: int = ...,
    draw: int = ...,
    max_recycles: int = ...,
    foundation_moves: bool = ...,
    danish: bool = ...,
    group: int = ...,
) -> Optional[List[int]]: ...

def decode_move(code: int) -> Tuple[int, int, int, int]: ...

class KlondikeBoard:
    def __init__(
        self,
        columns: Sequence[Column],
        found: Sequence[int],
        talon: Sequence[int],
        wp: int = ...,
        recycles: int = ...,
        draw: int = ...,
        max_recycles: int = ...,
        foundation_moves: bool = ...,
        danish: bool = ...,
        group: int = ...,
    ) -> None: ...
    def moves(self, full: bool = ...) -> List[int]: ...
    def push(self, code: int) -> None: ...
    def pop(self) -> int: ...
    def key(self) -> Tuple[int, int]: ...
    def is_won(self) -> bool: ...
    def dead(self) -> bool: ...
    def snapshot(
        self,
    ) -> Tuple[List[int], List[Tuple[List[int], List[int]]], List[int], int, int]: ...
    def group(self) -> int: ...

KLONDIKE_STEPS: Dict[str, int]

class KlondikeSolver:
    def __init__(
        self,
        columns: Sequence[Column],
        found: Sequence[int],
        talon: Sequence[int],
        wp: int = ...,
        recycles: int = ...,
        draw: int = ...,
        max_recycles: int = ...,
        foundation_moves: bool = ...,
        max_table_mb: int = ...,
        danish: bool = ...,
    ) -> None: ...
    @property
    def lost_count(self) -> int: ...
    def decide(
        self, steps: Sequence[int], max_states: int = ..., timeout: float = ...,
        flip: bool = ...,
    ) -> Tuple[str, Optional[str], List[int], int]: ...

def keep_tables(max_bytes: int) -> int: ...
def kept_table_bytes() -> int: ...
def kept_table_sizes() -> List[int]: ...
def table_array_nonzero_words(nbytes: int, scribble: bool = ...) -> int: ...
def shuffled_deck(seed: int) -> List[int]: ...
def clock_play(deck: Sequence[int]) -> List[int]: ...
def clock_stats(first_seed: int, count: int) -> Tuple[int, int]: ...

def acesup_solve(
    piles: Sequence[Sequence[int]],
    stock: Sequence[Optional[int]],
    gone: Sequence[int] = ...,
    strict: bool = ...,
    discard_first: bool = ...,
    best_score: bool = ...,
    max_states: int = ...,
    timeout: float = ...,
    max_table_mb: int = ...,
    dominance: bool = ...,
    must_move: bool = ...,
    last_fast: bool = ...,
    reduce: bool = ...,
    table_deals: bool = ...,
) -> Tuple[str, Optional[str], List[int], int, int, int, float, int, bool]: ...

def acesup_verdict(
    piles: Sequence[Sequence[int]],
    stock: Sequence[int],
    gone: Sequence[int] = ...,
    strict: bool = ...,
    discard_first: bool = ...,
    max_states: int = ...,
    timeout: float = ...,
    max_table_mb: int = ...,
    spoil_at: int = ...,
    spoil_xor: int = ...,
) -> Tuple[str, Optional[str], int, int, int, float, int]: ...

def acesup_check_line(
    piles: Sequence[Sequence[int]],
    stock: Sequence[int],
    gone: Sequence[int],
    codes: Sequence[int],
    strict: bool = ...,
    discard_first: bool = ...,
) -> int: ...

def acesup_reaches(
    piles: Sequence[Sequence[int]],
    stock: Sequence[Optional[int]],
    gone: Sequence[int],
    codes: Sequence[int],
    strict: bool = ...,
    discard_first: bool = ...,
) -> int: ...

def acesup_decode(code: int) -> Tuple[int, int, int]: ...

class AcesUpBoard:
    def __init__(
        self,
        piles: Sequence[Sequence[int]],
        stock: Sequence[Optional[int]],
        gone: Sequence[int] = ...,
        strict: bool = ...,
        discard_first: bool = ...,
        last_fast: bool = ...,
    ) -> None: ...
    def moves(self, full: bool = ...) -> List[int]: ...
    def push(self, code: int) -> None: ...
    def pop(self) -> int: ...
    def key(self) -> Tuple[int, int]: ...
    def bound(self) -> int: ...
    def win_bound(
        self, twophase: bool = ..., restart: bool = ..., seeded: bool = ...
    ) -> Tuple[int, bool, bool, List[int], List[int], List[int]]: ...
    def search_bound(self, need: int = ...) -> Tuple[int, bool]: ...
    def first_phase_bound(self) -> Tuple[int, bool]: ...
    def analysis(
        self, need: int = ..., twophase: int = ..., seeded: bool = ...
    ) -> Tuple[int, bool, bool, List[int], List[int], List[int]]: ...
    def key_without(self, cards: Iterable[int]) -> Tuple[int, int]: ...
    def reduced_keys(self, ahead: bool = ...) -> List[Tuple[int, int]]: ...
    def aces_stuck(self, ahead: bool = ...) -> bool: ...
    def score(self) -> int: ...
    def snapshot(self) -> Tuple[List[List[int]], List[Optional[int]], List[int]]: ...

def klondike_max_foundation(
    columns: Sequence[Column],
    found: Sequence[int],
    talon: Sequence[int],
    wp: int = ...,
    recycles: int = ...,
    draw: int = ...,
    max_recycles: int = ...,
    foundation_moves: bool = ...,
    max_states: int = ...,
    timeout: float = ...,
    max_table_mb: int = ...,
    danish: bool = ...,
    group: int = ...,
) -> Tuple[str, Optional[str], List[int], int, int, int, float, int]: ...

class AcesUpSolver:
    def __init__(
        self,
        piles: Sequence[Sequence[int]],
        stock: Sequence[int],
        gone: Sequence[int] = ...,
        strict: bool = ...,
        discard_first: bool = ...,
        max_table_mb: int = ...,
    ) -> None: ...
    def decide(
        self, code: int, max_states: int = ..., timeout: float = ...
    ) -> Tuple[str, Optional[str], List[int], int, int]: ...
    def proved_lost(self) -> int: ...
