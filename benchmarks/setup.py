"""A newcomer's first minute: from a fresh clone to the first answerable question, this tree beside
a previous commit, in one run.

For each side: `git clone` the commit into a temporary folder, `make setup` with empty download
caches (a fresh machine: a new uv cache folder, `PIP_NO_CACHE_DIR=1`), then `make run` on a free
port and headless Chromium (Debian's, through Selenium: run with the test extra installed) opening
`/practice` until the first question's Check button can be clicked. Printed: set-up seconds, the
virtual environment's size, server start to an answerable question, and the total.

    .venv/bin/python benchmarks/setup.py [--base COMMIT]    # default base: 553b8c8
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def size_mb(folder: Path) -> float:
    total = 0
    for path in folder.rglob("*"):
        try:
            if path.is_file() and not path.is_symlink():
                total += path.stat().st_size
        except OSError:
            pass
    return total / 2**20


def first_question(url: str, timeout: float = 180) -> float:
    """Seconds until /practice shows a clickable Check button (the server already starting)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,900"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    started = time.perf_counter()
    try:
        while True:   # until the server answers at all
            try:
                driver.get(f"{url}/practice")
                if "Stud Study Room" in (driver.title or "") or driver.find_elements(By.ID, "root"):
                    break
            except Exception:  # noqa: BLE001 - connection refused while it starts
                pass
            if time.perf_counter() - started > timeout:
                raise TimeoutError("the server never answered")
            time.sleep(0.2)
        WebDriverWait(driver, timeout).until(ec.element_to_be_clickable(
            (By.XPATH, "(//button[.//p[normalize-space()='Check']])[1]")))
        return time.perf_counter() - started
    finally:
        driver.quit()


def measure(commit: str, work: Path) -> dict:
    clone = work / commit[:12]
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", commit], check=True)
    env = {**os.environ, "UV_CACHE_DIR": str(work / f"uv-cache-{commit[:12]}"), "PIP_NO_CACHE_DIR": "1"}
    env.pop("VIRTUAL_ENV", None)
    started = time.perf_counter()
    subprocess.run(["make", "setup"], cwd=clone, env=env, check=True, stdout=subprocess.DEVNULL)
    setup = time.perf_counter() - started
    port = free_port()
    env["STUD_STUDY_DB"] = str(work / f"progress-{commit[:12]}.db")
    server = subprocess.Popen(["make", "run", f"PORT={port}"], cwd=clone, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        question = first_question(f"http://127.0.0.1:{port}")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    return {"setup": setup, "venv_mb": size_mb(clone / ".venv"), "question": question,
            "total": setup + question}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="553b8c8", help="the previous commit to compare with")
    args = parser.parse_args()
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="setup-bench-") as tmp:
        work = Path(tmp)
        rows = {"this tree": measure(head, work), f"before ({args.base})": measure(args.base, work)}
    load = os.getloadavg()[0]
    print(f"fresh clone to first answerable question (load average {load:.1f} at the end)")
    print(f"{'':<22}{'make setup':>12}{'.venv':>10}{'start to question':>20}{'total':>9}")
    for name, row in rows.items():
        print(f"{name:<22}{row['setup']:>11.1f}s{row['venv_mb']:>8.0f}MB{row['question']:>19.1f}s"
              f"{row['total']:>8.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
