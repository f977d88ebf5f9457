"""Test settings shared by every test: offline, whatever the machine has set."""
import os
import sys
from pathlib import Path

os.environ["LOOPLAB_OFFLINE"] = "1"
os.environ.pop("ANTHROPIC_API_KEY", None)
os.environ.pop("ANTHROPIC_BASE_URL", None)
sys.path.insert(0, str(Path(__file__).resolve().parent))
