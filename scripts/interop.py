"""Third-party Anthropic clients against the practice server: langchain-anthropic and pydantic-ai.

Not part of make test (it needs packages the project does not use). To run it:
    python -m venv /tmp/interop && /tmp/interop/bin/pip install langchain-anthropic "pydantic-ai-slim[anthropic]"
    .venv/bin/python -m looplab.practice --port 8765 &
    /tmp/interop/bin/python scripts/interop.py http://127.0.0.1:8765
"""

import sys

from langchain_anthropic import ChatAnthropic
from langchain_core.tools import tool
from pydantic import BaseModel
from pydantic_ai import Agent
from pydantic_ai.models.anthropic import AnthropicModel
from pydantic_ai.providers.anthropic import AnthropicProvider


class City(BaseModel):
    city: str


class Reply(BaseModel):
    answer: str


@tool
def get_weather(city: str) -> str:
    """Get the current weather for a city."""
    return f"{city}: 21 °C"


def main(url: str) -> None:
    llm = ChatAnthropic(model="claude-opus-5", base_url=url, api_key="practice", max_retries=0)
    forced = llm.bind_tools([get_weather], tool_choice="get_weather").invoke("The weather in Lyon, please.")
    print("langchain forced tool:", forced.tool_calls)
    print("langchain with_structured_output:", repr(llm.with_structured_output(City).invoke("The weather in Oslo, please.")))

    model = AnthropicModel("claude-opus-5", provider=AnthropicProvider(base_url=url, api_key="practice"))
    print("pydantic-ai output_type:", repr(Agent(model, output_type=Reply).run_sync("Hello!").output))
    agent = Agent(model, output_type=Reply)

    @agent.tool_plain
    def weather(city: str) -> str:
        """Get the current weather for a city."""
        return f"{city}: 21 °C, cloudy"

    print("pydantic-ai tool + output_type:", repr(agent.run_sync("What is the weather in Lyon?").output))


if __name__ == "__main__":
    main(sys.argv[1])
