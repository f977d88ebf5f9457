"""`python -m looplab.practice --port N`: serve the practice model on 127.0.0.1:N."""

import argparse
import signal

from looplab.practice.server import KEEP, make_server
from looplab.practice.transport import PracticeTransport


def main(argv=None) -> None:
    """Parse the options and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m looplab.practice",
                                     description="Serve the practice model over loopback HTTP.")
    parser.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (0: any free one)")
    parser.add_argument("--gullible", action="store_true", help="obey instructions in tool results")
    parser.add_argument("--never-stop", action="store_true", help="call the first tool forever")
    args = parser.parse_args(argv)
    transport = PracticeTransport(gullible=args.gullible, never_stop=args.never_stop, keep=KEEP)
    server = make_server(args.port, transport)
    print(f"Practice model at http://127.0.0.1:{server.server_address[1]} — set ANTHROPIC_BASE_URL to it; "
          "Ctrl-C stops it.", flush=True)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # `kill` stops it as cleanly as Ctrl-C
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        print("Practice model stopped.", flush=True)


if __name__ == "__main__":
    main()
