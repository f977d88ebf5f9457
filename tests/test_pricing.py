"""Prices per model and the cost of a usage."""
import pytest
from anthropic.types import Usage

from looplab.pricing import PRICES, PRICES_DATE, PRICES_SOURCE, Price, cost_usd


def test_seed_prices_are_dated_and_sourced():
    """Opus 5, Sonnet 5 and Haiku 4.5 carry the 2026-09-14 prices, with a source."""
    assert PRICES_DATE == "2026-09-14"
    assert "Anthropic" in PRICES_SOURCE
    assert PRICES["claude-opus-5"] == Price(5.0, 25.0)
    assert PRICES["claude-sonnet-5"] == Price(2.0, 10.0)
    assert PRICES["claude-haiku-4-5"] == PRICES["claude-haiku-4-5-20251001"] == Price(1.0, 5.0)


def test_a_million_tokens_each_way_on_opus():
    """1M input + 1M output tokens on Opus 5 cost 5 + 25 = 30 dollars."""
    assert cost_usd("claude-opus-5", {"input_tokens": 1_000_000, "output_tokens": 1_000_000}) == 30.0


def test_sdk_usage_is_accepted():
    """An SDK Usage object gives the same cost as the dict."""
    usage = Usage(input_tokens=1200, output_tokens=300)
    assert cost_usd("claude-sonnet-5", usage) == 0.0054
    assert cost_usd("claude-sonnet-5", {"input_tokens": 1200, "output_tokens": 300}) == 0.0054


def test_cache_tokens_are_priced_at_their_rates():
    """Cache writes cost 1.25x input (5 minutes, the default), cache reads 0.1x input."""
    usage = {"input_tokens": 0, "output_tokens": 0,
             "cache_creation_input_tokens": 1_000_000, "cache_read_input_tokens": 1_000_000}
    assert cost_usd("claude-haiku-4-5", usage) == 1.25 + 0.1
    assert cost_usd("claude-haiku-4-5", Usage(input_tokens=10, output_tokens=0, cache_read_input_tokens=None)) == 0.00001


def test_one_hour_cache_writes_cost_twice_the_input_price():
    """Of cache_creation_input_tokens, the part usage.cache_creation says was written for an hour costs 2x input."""
    usage = Usage(input_tokens=0, output_tokens=0, cache_creation_input_tokens=3_000_000,
                  cache_creation={"ephemeral_5m_input_tokens": 1_000_000, "ephemeral_1h_input_tokens": 2_000_000})
    assert cost_usd("claude-haiku-4-5", usage) == 1.25 + 2 * 2.0
    assert cost_usd("claude-haiku-4-5", usage.model_dump()) == 5.25
    assert cost_usd("claude-haiku-4-5", {"cache_creation_input_tokens": 1_000_000, "cache_creation": None}) == 1.25


def test_missing_fields_count_as_zero():
    """A usage with only some fields is fine; missing counts are zero."""
    assert cost_usd("claude-opus-5", {"output_tokens": 1000}) == 0.025


def test_unknown_model_names_the_known_ones():
    """An unknown model raises ValueError listing known models and how to add one."""
    with pytest.raises(ValueError) as caught:
        cost_usd("gpt-x", {"input_tokens": 1})
    message = str(caught.value)
    assert message.startswith("no price for model 'gpt-x'; known: claude-haiku-4-5, ")
    assert "claude-opus-5" in message and "add it to looplab.pricing.PRICES" in message
