"""A throwaway PostgreSQL cluster for the tests: Debian's ``initdb`` and ``postgres`` in a
temporary folder, run as an ordinary user (PostgreSQL refuses to run as root), on a free
loopback port with its socket in that folder, stopped and removed at the end."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


class NoPostgres(Exception):
    """PostgreSQL's programs are missing or the cluster did not start; the message says
    which."""


def programs() -> tuple[str, str]:
    """The paths of ``initdb`` and ``postgres`` (Debian's newest version first).

    Raises:
        NoPostgres: when they are not installed.
    """
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version, reverse=True)
    found += [p for p in (shutil.which("initdb"), "/usr/local/bin/initdb") if p]
    for initdb in found:
        postgres = Path(initdb).with_name("postgres")
        if os.access(initdb, os.X_OK) and os.access(postgres, os.X_OK):
            return initdb, str(postgres)
    raise NoPostgres("initdb and postgres are not installed (apt-get install -y postgresql)")


def _version(path: str) -> int:
    part = Path(path).parts[-3]
    return int(part) if part.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def cluster(deadline: float = 60.0, fsync: bool = False) -> Iterator[str]:
    """Start a cluster; yield its address (``postgresql://canasta@127.0.0.1:PORT``, no
    password, the database name to add); stop it and remove its folder after. ``fsync``:
    commits wait for the disk, as in production (the tests kill server processes, never
    the database's machine, so they leave it off).

    Raises:
        NoPostgres: when it cannot be started within ``deadline`` seconds.
    """
    initdb, postgres = programs()
    folder = Path(tempfile.mkdtemp(prefix="canasta-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:  # the programs refuse root: run them as nobody
        nobody = pwd.getpwnam("nobody")
        os.chown(folder, nobody.pw_uid, nobody.pw_gid)
        as_user = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}",
                   "--clear-groups"]  # fmt: skip
    data, log = folder / "data", folder / "log"
    made = subprocess.run(
        [*as_user, initdb, "-D", str(data), "-U", "canasta", "--auth=trust", "-E", "UTF8",
         "--no-sync", "--no-instructions"],
        capture_output=True, text=True, cwd=folder,
    )  # fmt: skip
    if made.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        raise NoPostgres(f"initdb failed: {made.stderr.strip() or made.stdout.strip()}")
    port = _free_port()
    with open(log, "w") as out:
        server = subprocess.Popen(
            [*as_user, postgres, "-D", str(data), "-p", str(port), "-k", str(folder),
             "-c", "listen_addresses=127.0.0.1", "-c", f"fsync={'on' if fsync else 'off'}",
             "-c", "max_connections=200"],
            stdout=out, stderr=subprocess.STDOUT, cwd=folder,
        )  # fmt: skip
    url = f"postgresql://canasta@127.0.0.1:{port}"
    try:
        _wait_ready(server, url + "/postgres", log, deadline)
        yield url
    finally:
        server.terminate()  # a smart shutdown; then fast if it lingers
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


def _wait_ready(server: subprocess.Popen[bytes], url: str, log: Path, deadline: float) -> None:
    import psycopg

    end = time.monotonic() + deadline
    while True:
        if server.poll() is not None:
            raise NoPostgres(f"postgres stopped: {log.read_text()[-2000:]}")
        try:
            with psycopg.connect(url, connect_timeout=2):
                return
        except psycopg.OperationalError as error:
            if time.monotonic() > end:
                raise NoPostgres(f"postgres not ready after {deadline:.0f} s: {error}") from None
        time.sleep(0.1)  # the cluster's own start, not a test's wait


def new_database(url: str, name: str) -> str:
    """Create the database ``name`` in the cluster at ``url``; return its address."""
    import psycopg

    with psycopg.connect(url + "/postgres", autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')
    return f"{url}/{name}"


def drop_database(url: str, name: str) -> None:
    """Drop the database ``name`` (closing whatever is still connected to it)."""
    import psycopg

    with psycopg.connect(url + "/postgres", autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
