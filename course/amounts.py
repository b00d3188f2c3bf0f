"""Amounts: whole units, or exact decimals with at most two places where a game needs them.

One place reads an amount and says it. `parse(value)` takes an int, a decimal (text such as
"2.50" or "2.5", `$` allowed in front, or the float YAML makes of 2.50) and gives an `int` when
the amount is whole and an `Amount` (a `decimal.Decimal`) when it has cents; anything else
raises `AmountError` saying what was expected. Whole amounts stay plain ints, so a whole-unit
game computes and prints exactly as before.

`Amount` is a `Decimal` that says itself as a table would (`str(Amount("2.5")) == "2.50"`), and
whose sums, differences and products come back through `normal`: whole results are ints again
(2.50 + 2.50 is 5), others stay `Amount`. `say(amount)` is the table's words for any amount:
"5", "2.50", "7.50".
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation, ROUND_FLOOR
from typing import Any

CENT = Decimal("0.01")
PLACES = 2


class AmountError(ValueError):
    """Text or a value that is not an amount."""


EXPECTED = "a whole number of units such as 5, or an amount with at most two decimal places such as 2.50"


def _wrap(result: Any) -> Any:
    return result if result is NotImplemented else normal(result)


class Amount(Decimal):
    """An exact amount with cents; whole results of its arithmetic are ints again."""

    __slots__ = ()

    def __str__(self) -> str:
        return say(self)

    def __repr__(self) -> str:
        return f"Amount('{say(self)}')"

    def __format__(self, spec: str) -> str:
        return say(self) if not spec else Decimal.__format__(self, spec)

    def __add__(self, other): return _wrap(Decimal.__add__(self, _dec(other)))
    def __radd__(self, other): return _wrap(Decimal.__radd__(self, _dec(other)))
    def __sub__(self, other): return _wrap(Decimal.__sub__(self, _dec(other)))
    def __rsub__(self, other): return _wrap(Decimal.__rsub__(self, _dec(other)))
    def __mul__(self, other): return _wrap(Decimal.__mul__(self, _dec(other)))
    def __rmul__(self, other): return _wrap(Decimal.__rmul__(self, _dec(other)))
    def __truediv__(self, other): return _wrap(Decimal.__truediv__(self, _dec(other)))
    def __neg__(self): return _wrap(Decimal.__neg__(self))
    def __abs__(self): return _wrap(Decimal.__abs__(self))
    def __pos__(self): return self

    def __reduce__(self):
        return (Amount, (str(Decimal(self)),))

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self


def _dec(other: Any) -> Any:
    return other if isinstance(other, (Decimal, int)) and not isinstance(other, bool) else NotImplemented


def normal(value: Any) -> Any:
    """An int for a whole amount, an `Amount` for one with cents (other values unchanged)."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, Decimal):
        return value
    if value == value.to_integral_value():
        return int(value)
    return value if type(value) is Amount else Amount(value)


def has_cents(value: Any) -> bool:
    return isinstance(value, Decimal) and value != value.to_integral_value()


def parse(value: Any, what: str = "amount", allow_zero: bool = True) -> Any:
    """An int or `Amount` from an int, a float YAML read, or text ("2.50", "$2.5", "5");
    `AmountError` for anything else: a negative amount, more than two decimal places, not a number."""
    if isinstance(value, bool):
        raise AmountError(f"{what} {value!r} is not an amount: expected {EXPECTED}")
    if isinstance(value, int):
        number = Decimal(value)
    elif isinstance(value, Decimal):
        number = Decimal(value)
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise AmountError(f"{what} {value!r} is not an amount: expected {EXPECTED}")
        number = Decimal(repr(value))       # the shortest text of the float: 2.5 for YAML's 2.50
    elif isinstance(value, str):
        text = value.strip()
        text = text[1:] if text.startswith("$") else text
        try:
            number = Decimal(text)
        except InvalidOperation:
            raise AmountError(f"{what} {value!r} is not an amount: expected {EXPECTED}") from None
        if not number.is_finite() or not text or not all(c.isdigit() or c in ".-+" for c in text):
            raise AmountError(f"{what} {value!r} is not an amount: expected {EXPECTED}")
    else:
        raise AmountError(f"{what} {value!r} is not an amount: expected {EXPECTED}")
    if number < 0:
        raise AmountError(f"{what} {say_raw(number)} is negative: an amount is 0 or more ({EXPECTED})")
    if number != number.quantize(CENT, rounding=ROUND_FLOOR):
        raise AmountError(f"{what} {say_raw(number)} has more than two decimal places: a table counts in "
                          f"cents at the finest ({EXPECTED})")
    if number == 0 and not allow_zero:
        raise AmountError(f"{what} 0 is not an amount here: expected more than 0")
    return normal(number.quantize(CENT) if number != number.to_integral_value() else number)


def read(value: Any) -> Any:
    """`parse`, or None when `value` is not an amount (an answer a learner typed)."""
    try:
        return parse(value)
    except AmountError:
        return None


def say_raw(number: Decimal) -> str:
    return format(number.normalize(), "f")


def say(amount: Any) -> str:
    """An amount as a table says it: whole amounts as "5", others with two places, "2.50"."""
    amount = normal(amount)
    if isinstance(amount, int):
        return str(amount)
    if isinstance(amount, Decimal):
        cents = amount.quantize(CENT)
        return format(Decimal(cents), "f") if cents == amount else say_raw(Decimal(amount))
    return str(amount)


def half(amount: Any) -> Any:
    """Exactly half of an amount, to the cent: a half cent left over is dropped (the course's own
    default: a table has no half cents)."""
    value = Decimal(amount) / 2
    return normal(value.quantize(CENT, rounding=ROUND_FLOOR))


def plain(amount: Any) -> Any:
    """An amount in a JSON-safe shape that reads back exactly: an int, or its text ("2.50")."""
    amount = normal(amount)
    return say(amount) if isinstance(amount, Decimal) else amount


def cents(amount: Any) -> int:
    """The amount counted in cents (exact)."""
    return int(Decimal(amount) * 100)


def from_cents(count: int) -> Any:
    return normal(Decimal(count) / 100)
