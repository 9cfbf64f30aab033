"""The rule switches both games need, as small frozen records.

>>> RUSSIAN.men_capture_backward, QUIZ.men_capture_backward
(True, False)
>>> QUIZ.promotion, EXCHANGE.promotion
('win', 'king')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

RUSSIAN_START: Final = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
QUIZ_START: Final = "W:Wb2,Kd2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,Ke7,g7"


@dataclass(frozen=True)
class Variant:
    """Rule switches: who captures how, what promotion does, what counts as one move."""

    name: str
    men_capture_backward: bool = True
    promotion: Literal["king", "win"] = "king"
    ordered_captures: bool = False
    draw_rules: bool = True
    start_fen: str = RUSSIAN_START

    def __reduce__(self) -> tuple[type[Variant], tuple[str, bool, str, bool, bool, str]]:
        """Pickled by its fields: compiled by mypyc, a frozen class cannot set them afterwards.

        >>> import pickle
        >>> pickle.loads(pickle.dumps(QUIZ)) == QUIZ
        True
        """
        fields = (self.name, self.men_capture_backward, self.promotion, self.ordered_captures)
        return (Variant, (*fields, self.draw_rules, self.start_fen))


RUSSIAN: Final = Variant("russian")
EXCHANGE: Final = Variant("exchange", draw_rules=False)
QUIZ: Final = Variant(
    "quiz",
    men_capture_backward=False,
    promotion="win",
    ordered_captures=True,
    draw_rules=False,
    start_fen=QUIZ_START,
)
VARIANTS: Final[dict[str, Variant]] = {v.name: v for v in (RUSSIAN, EXCHANGE, QUIZ)}
