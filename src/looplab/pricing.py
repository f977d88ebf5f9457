"""Model prices, dated and sourced, and the cost of a usage."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from looplab.i18n import _

PRICES_DATE = "2026-09-14"
PRICES_SOURCE = (
    "Anthropic models overview and pricing pages, as quoted on 2026-09-14 "
    "(https://docs.claude.com/en/docs/about-claude/models/overview)"
)
CACHE_WRITE_FACTOR = 1.25  # a 5-minute cache write
CACHE_WRITE_1H_FACTOR = 2.0  # a 1-hour cache write (cache_control ttl "1h")
CACHE_READ_FACTOR = 0.1


@dataclass(frozen=True)
class Price:
    """What one model costs, in US dollars per million tokens."""

    input_per_mtok: float
    """Dollars per million input tokens (the prompt, history and tool definitions)."""
    output_per_mtok: float
    """Dollars per million output tokens (what the model writes, tool calls included)."""

    @property
    def cache_write_per_mtok(self) -> float:
        """Dollars per million tokens written to the prompt cache (1.25x input)."""
        return self.input_per_mtok * CACHE_WRITE_FACTOR

    @property
    def cache_write_1h_per_mtok(self) -> float:
        """Dollars per million tokens written to the prompt cache for an hour (2x input)."""
        return self.input_per_mtok * CACHE_WRITE_1H_FACTOR

    @property
    def cache_read_per_mtok(self) -> float:
        """Dollars per million tokens read from the prompt cache (0.1x input)."""
        return self.input_per_mtok * CACHE_READ_FACTOR


PRICES: dict[str, Price] = {
    "claude-opus-5": Price(input_per_mtok=5.0, output_per_mtok=25.0),
    "claude-sonnet-5": Price(input_per_mtok=2.0, output_per_mtok=10.0),
    "claude-haiku-4-5": Price(input_per_mtok=1.0, output_per_mtok=5.0),
    "claude-haiku-4-5-20251001": Price(input_per_mtok=1.0, output_per_mtok=5.0),
}


def _tokens(usage: Any, key: str) -> int:
    value = usage.get(key) if isinstance(usage, dict) else getattr(usage, key, None)
    return int(value or 0)


def _one_hour_writes(usage: Any) -> int:
    """The part of cache_creation_input_tokens written for an hour, from usage.cache_creation when it is there."""
    split = usage.get("cache_creation") if isinstance(usage, dict) else getattr(usage, "cache_creation", None)
    return _tokens(split, "ephemeral_1h_input_tokens") if split is not None else 0


def cost_usd(model: str, usage: Any) -> float:
    """Cost in dollars of a usage (SDK Usage or dict of token counts) on `model`, cache included."""
    if model not in PRICES:
        raise ValueError(_("no price for model {model!r}; known: {known}; add it to looplab.pricing.PRICES, "
                           "e.g. PRICES[{model!r}] = Price(5.0, 25.0)", model=model, known=", ".join(sorted(PRICES))))
    price = PRICES[model]
    one_hour = _one_hour_writes(usage)
    dollars = (
        _tokens(usage, "input_tokens") * price.input_per_mtok
        + _tokens(usage, "output_tokens") * price.output_per_mtok
        + (_tokens(usage, "cache_creation_input_tokens") - one_hour) * price.cache_write_per_mtok
        + one_hour * price.cache_write_1h_per_mtok
        + _tokens(usage, "cache_read_input_tokens") * price.cache_read_per_mtok
    ) / 1_000_000
    return round(dollars, 8)  # whole-token prices have at most 8 decimals; drop float noise
