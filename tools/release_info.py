"""What the release builds say about the program: one version, and the per-system metadata.

Used by ``build.spec`` (Windows version resource and manifest, macOS Info.plist), by
``tools/package.py`` (file names, release notes) and by the tests.  Imports nothing outside
the standard library, so it runs before anything is installed.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "BurrowBox"                    # file names: BurrowBox, BurrowBox.exe, BurrowBox.app
TITLE = "Burrow Box"                  # what a person reads
APP_ID = "io.github.burrowbox"        # macOS bundle identifier
DESKTOP_ID = "burrowbox"              # Linux: burrowbox.desktop and the icon name
MACOS_MINIMUM = "11.0"                # the oldest macOS the arm64 Python and pygame-ce run on


def version(root: Path = ROOT) -> str:
    """The one version number, read from game/__init__.py (without importing the game)."""
    text = (Path(root) / "game" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.M)
    if not match:
        raise SystemExit("error: game/__init__.py has no __version__ = \"X.Y.Z\" line")
    return match.group(1)


def version_numbers(ver: str) -> tuple[int, int, int, int]:
    """Four numbers for the Windows version resource: "1.2.3" -> (1, 2, 3, 0)."""
    numbers = [int(n) for n in re.findall(r"\d+", ver)][:4]
    return tuple(numbers + [0] * (4 - len(numbers)))  # type: ignore[return-value]


# Windows: PyInstaller's own manifest plus DPI awareness (per monitor, v2 where Windows 10
# knows it; plain per-monitor before), so Windows does not stretch a blurry bitmap at 150 %.
WINDOWS_MANIFEST = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security>
      <requestedPrivileges>
        <requestedExecutionLevel level="asInvoker" uiAccess="false"></requestedExecutionLevel>
      </requestedPrivileges>
    </security>
  </trustInfo>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application>
      <supportedOS Id="{e2011457-1546-43c5-a5fe-008deee3d3f0}"></supportedOS>
      <supportedOS Id="{35138b9a-5d96-4fbd-8e2d-a2440225f93a}"></supportedOS>
      <supportedOS Id="{4a2f28e3-53b9-4441-ba9c-d69d4a4a6e38}"></supportedOS>
      <supportedOS Id="{1f676c76-80e1-4239-95bb-83d0f6d0da78}"></supportedOS>
      <supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"></supportedOS>
    </application>
  </compatibility>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
      <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">PerMonitorV2, PerMonitor</dpiAwareness>
      <longPathAware xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">true</longPathAware>
    </windowsSettings>
  </application>
</assembly>
"""


def windows_version_strings(ver: str) -> dict[str, str]:
    """The strings of the Windows version resource (Properties > Details)."""
    return {
        "CompanyName": "Burrow Box project",
        "FileDescription": TITLE,
        "FileVersion": ver,
        "InternalName": NAME,
        "LegalCopyright": "MIT licence",
        "OriginalFilename": f"{NAME}.exe",
        "ProductName": TITLE,
        "ProductVersion": ver,
    }


def macos_info_plist(ver: str) -> dict:
    """Info.plist entries of BurrowBox.app beyond what PyInstaller writes itself."""
    return {
        "CFBundleName": TITLE,
        "CFBundleDisplayName": TITLE,
        "CFBundleIdentifier": APP_ID,
        "CFBundleShortVersionString": ver,
        "CFBundleVersion": ver,
        "CFBundlePackageType": "APPL",
        "NSHighResolutionCapable": True,
        "LSMinimumSystemVersion": MACOS_MINIMUM,
        "LSApplicationCategoryType": "public.app-category.board-games",
        "NSHumanReadableCopyright": "MIT licence",
    }


def artifact_names(ver: str) -> dict[str, str]:
    """The files a release holds, by system."""
    return {
        "linux": f"{NAME}-{ver}-linux-x86_64.tar.gz",
        "macos": f"{NAME}-{ver}-macos-arm64.zip",
        "windows": f"{NAME}-{ver}-windows-x64.exe",
    }


def changelog_entry(ver: str, root: Path = ROOT) -> str:
    """The CHANGELOG.md section of ``ver`` (its text without the heading); error if missing."""
    text = (Path(root) / "CHANGELOG.md").read_text(encoding="utf-8")
    match = re.search(rf"^## \[?{re.escape(ver)}\]?[^\n]*\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not match or not match.group(1).strip():
        raise SystemExit(f"error: CHANGELOG.md has no entry for version {ver}")
    return match.group(1).strip() + "\n"
