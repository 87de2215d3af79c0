"""TLS: a server given a certificate speaks wss://, and a client that trusts it plays."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

from canasta.net.client import Client, ClientError
from canasta.net.hub import ServerConfig
from canasta.net.serve import serve_command
from canasta.net.server import Server
from tests.net.helpers import run


def make_certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key),
         "-out", str(cert), "-days", "2", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


async def tls_server(folder: Path, cert: Path, key: Path) -> Server:
    """A started server speaking wss:// with ``cert`` and ``key`` (data under ``folder``)."""
    config = ServerConfig(port=0, data=folder / "data", certfile=cert, keyfile=key)
    server = Server(config)
    await server.start()
    return server


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_wss_with_a_certificate(tmp_path: Path) -> None:
    cert, key = make_certificate(tmp_path)

    async def body() -> None:
        server = await tls_server(tmp_path, cert, key)
        try:
            trusting = ssl.create_default_context(cafile=str(cert))
            client = Client(f"wss://127.0.0.1:{server.port}", "Ann", ssl_context=trusting)
            welcome = await client.connect()
            assert welcome.name == "Ann"
            table = await client.create(players=2)
            assert client.chair == 0 and table.status == "lobby"
            await client.close()
            stranger = Client(f"wss://127.0.0.1:{server.port}", "Bob")  # the system's trust
            with pytest.raises(ClientError) as caught:
                await stranger.connect()
            assert str(caught.value) == "the server's certificate was not accepted"
            plain = Client(f"ws://127.0.0.1:{server.port}", "Cat")
            with pytest.raises(ClientError):
                await plain.connect()
        finally:
            await server.stop()

    run(body())


def test_a_certificate_needs_its_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert serve_command(["--certfile", "cert.pem", "--port", "0"]) == 2
    assert capsys.readouterr().err == "canasta serve: --certfile and --keyfile go together\n"


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_the_game_trusts_a_certificate_named_by_ssl_cert_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game window's client uses the default context, which reads ``SSL_CERT_FILE``:
    that is how docs/hosting/tls.md has a player trust a friend's self-signed certificate."""
    cert, key = make_certificate(tmp_path)

    async def body() -> None:
        server = await tls_server(tmp_path, cert, key)
        try:
            monkeypatch.setenv("SSL_CERT_FILE", str(cert))
            client = Client(f"wss://127.0.0.1:{server.port}", "Ann")
            assert (await client.connect()).name == "Ann"
            await client.close()
        finally:
            await server.stop()

    run(body())


def test_a_missing_certificate_file_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not 'cannot listen on 127.0.0.1:0: [Errno 2] No such file'."""
    key = tmp_path / "key.pem"
    key.write_text("not a key")
    missing = tmp_path / "cert.pem"
    argv = ["--certfile", str(missing), "--keyfile", str(key), "--port", "0"]
    assert serve_command([*argv, "--data", str(tmp_path / "data")]) == 2
    assert capsys.readouterr().err == f"canasta serve: --certfile {missing}: no such file\n"


def test_a_certificate_that_is_not_one_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert.write_text("not a certificate")
    key.write_text("not a key")
    argv = ["--certfile", str(cert), "--keyfile", str(key), "--port", "0"]
    assert serve_command([*argv, "--data", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"canasta serve: cannot use the certificate {cert} with the key {key}: ")


def test_the_start_line_counts_tables_in_english_plurals() -> None:
    from canasta.net.serve import tables_resumed

    assert [tables_resumed(n) for n in (0, 1, 2)] == [
        "0 tables resumed", "1 table resumed", "2 tables resumed"]  # fmt: skip
