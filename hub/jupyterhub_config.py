"""JupyterHub for a room on one machine: `make hub` (jupyterhub -f hub/jupyterhub_config.py).

Everyone opens the URL printed at start and gets a temporary account and their own copy of
the participant edition, offline. Settings from the environment (make passes them on):
LOOPLAB_HUB_DIR (state and participants' folders, default .hub), LOOPLAB_HUB_IP (default
0.0.0.0, the whole network), LOOPLAB_HUB_PORT (default 8000).
Local processes isolate nothing: every participant runs as this user, so hold no secret here.
"""

import os
import secrets
import socket
import sys
from pathlib import Path

from looplab.sync import sync

c = get_config()  # noqa: F821 (JupyterHub provides it)

ROOT = Path(__file__).resolve().parent.parent
STATE = Path(os.environ.get("LOOPLAB_HUB_DIR", ROOT / ".hub")).resolve()
USERS = STATE / "users"
IP = os.environ.get("LOOPLAB_HUB_IP", "0.0.0.0")
PORT = int(os.environ.get("LOOPLAB_HUB_PORT", "8000"))
BIN = Path(sys.executable).parent
USERS.mkdir(parents=True, exist_ok=True)

c.JupyterHub.bind_url = f"http://{IP}:{PORT}"
# The hub's and the proxy's own ports follow the public one, so two hubs can run side by side.
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{PORT + 1}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PORT + 2}"
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.command = [os.environ.get("LOOPLAB_HUB_PROXY", str(STATE / "node_modules" / ".bin" / "configurable-http-proxy"))]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")

# Temporary accounts: opening the URL is the login (without allow_all, /hub/tmplogin is a 500).
c.JupyterHub.authenticator_class = "tmp"
c.Authenticator.allow_all = True

# One folder per participant, refreshed from workshop/ at each start without touching their edits.
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(USERS / "{username}")
c.Spawner.notebook_dir = str(USERS / "{username}")
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab/tree/00_start_here.ipynb"
c.Spawner.environment = {
    "LOOPLAB_OFFLINE": "1",
    # Where the checks note their outcomes for the instructor's view (see looplab/progress.py).
    "LOOPLAB_PROGRESS": lambda spawner: str(USERS / spawner.user.name / ".looplab" / "progress.json"),
}
# Idle kernels go after 30 min, even with a tab open: 20 open kernels hold about 1 GiB each by notebook 07.
c.Spawner.args = ["--MappingKernelManager.cull_idle_timeout=1800", "--MappingKernelManager.cull_connected=True",
                  "--MappingKernelManager.cull_interval=120",
                  # a kernel first started on a fresh machine compiles its imports: 5 at once on 2 cores took over the
                  # default 60 s to answer kernel_info, and its websocket was closed
                  "--MappingKernelManager.kernel_info_timeout=180"]
if os.getuid() == 0:
    c.Spawner.args.append("--allow-root")
# A server takes about 4 CPU-seconds to start: a room arriving at once queues on the cores.
# Defaults (60 s, 30 s): 26 of 40 simultaneous starts failed on 2 idle cores; 120 s and 60 s
# held 40 there, but not 10 on 2 cores shared with other work. A slow start beats a failed one.
c.Spawner.start_timeout = 300
c.Spawner.http_timeout = 300


def seed(spawner):
    """Give the participant their own copy of the participant edition, synced the nbgitpuller way."""
    report = sync(ROOT / "workshop", USERS / spawner.user.name)
    spawner.log.info(report.summary(spawner.user.name))


c.Spawner.pre_spawn_hook = seed

# Servers idle for an hour are stopped and their temporary accounts removed (a bare --cull-users exits 2).
# The instructor's live view (hub/progress_view.py): participants × checks, behind a key printed below.
VIEW_KEY = os.environ.get("LOOPLAB_HUB_VIEW_KEY") or secrets.token_urlsafe(12)
c.JupyterHub.services = [
    {"name": "idle-culler",
     "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=3600", "--cull-users=True"]},
    {"name": "progress", "url": f"http://127.0.0.1:{PORT + 3}",
     "command": [sys.executable, str(ROOT / "hub" / "progress_view.py")],
     "environment": {"LOOPLAB_HUB_USERS": str(USERS), "LOOPLAB_VIEW_KEY": VIEW_KEY}},
]
c.JupyterHub.load_roles = [
    {"name": "idle-culler", "services": ["idle-culler"],
     "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers", "admin:users"]},
    {"name": "progress-view", "services": ["progress"], "scopes": ["list:users", "read:users"]},
]


def address() -> str:
    """The address participants type: this machine's on the network, unless the hub listens on one."""
    if IP not in ("0.0.0.0", ""):
        return IP
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outgoing interface
            return s.getsockname()[0]
        except OSError:
            return socket.gethostname()


print(f"\n  Agent Loop Lab hub: hand out  http://{address()}:{PORT}/  (Ctrl-C stops it)"
      f"\n  Your view of the room (keep it to yourself): http://{address()}:{PORT}/services/progress/?key={VIEW_KEY}\n",
      flush=True)
