#!/bin/sh
# Burrow Box for Linux: installs the game for you alone (no administrator password needed).
#
#     ./install.sh              install (or update) into your home folder
#     ./install.sh --uninstall  remove it again (your settings and saved games stay)
#
# Puts the program in ~/.local/bin, its menu entry in ~/.local/share/applications and its
# icons in ~/.local/share/icons/hicolor, so that "Burrow Box" appears in the desktop's menu
# of games.  XDG_DATA_HOME and XDG_BIN_HOME are honoured when they are set.
set -eu

here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
: "${HOME:?HOME is not set}"
bin_dir=${XDG_BIN_HOME:-$HOME/.local/bin}
data_dir=${XDG_DATA_HOME:-$HOME/.local/share}
apps_dir=$data_dir/applications
icons_dir=$data_dir/icons/hicolor
program=$bin_dir/BurrowBox
entry=$apps_dir/burrowbox.desktop

refresh() {
    # Let the menu and the icon theme notice the change (each tool is optional).
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$apps_dir" 2>/dev/null || true
    fi
    touch "$icons_dir" 2>/dev/null || true
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$icons_dir/index.theme" ]; then
        gtk-update-icon-cache -q -t "$icons_dir" 2>/dev/null || true
    fi
}

case "${1:-}" in
    -h|--help)
        sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
        exit 0 ;;
    --uninstall)
        rm -f "$program" "$entry"
        for icon in "$icons_dir"/*/apps/burrowbox.png "$icons_dir"/scalable/apps/burrowbox.svg; do
            [ -e "$icon" ] && rm -f "$icon"
        done
        refresh
        echo "Burrow Box is removed. Your settings and saved games are still in"
        echo "${XDG_DATA_HOME:-$HOME/.local/share}/BurrowBox (delete that folder to remove them too)."
        exit 0 ;;
    "") ;;
    *)
        echo "error: unknown option '$1' (try: $0 --help)" >&2
        exit 2 ;;
esac

if [ ! -f "$here/BurrowBox" ] || [ ! -f "$here/burrowbox.desktop" ]; then
    echo "error: run install.sh from the unpacked Burrow Box folder (BurrowBox is missing)" >&2
    exit 1
fi

mkdir -p "$bin_dir" "$apps_dir" "$icons_dir"

# The program: copied beside the old one, then renamed over it (a running game is not hurt).
cp "$here/BurrowBox" "$program.new"
chmod 755 "$program.new"
mv -f "$program.new" "$program"

# The icons, one per size, in the hicolor theme.
for icon in "$here"/icons/hicolor/*/apps/burrowbox.*; do
    [ -f "$icon" ] || continue
    size_dir=$(basename "$(dirname "$(dirname "$icon")")")
    mkdir -p "$icons_dir/$size_dir/apps"
    cp "$icon" "$icons_dir/$size_dir/apps/"
done

# The menu entry, pointing at the installed program by its full path (~/.local/bin is not on
# every desktop's PATH).  Exec quoting follows the Desktop Entry Specification: the path in
# double quotes with \ " ` $ escaped, then every \ doubled again as in any string value, and
# % written %%.  TryExec is a plain string value.
exec_path=$(printf '%s' "$program" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g' -e 's/%/%%/g')
try_path=$(printf '%s' "$program" | sed -e 's/\\/\\\\/g')
tmp_entry=$entry.new
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
        Exec=*) printf 'Exec="%s"\n' "$exec_path" ;;
        TryExec=*) printf 'TryExec=%s\n' "$try_path" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$here/burrowbox.desktop" > "$tmp_entry"
chmod 644 "$tmp_entry"
mv -f "$tmp_entry" "$entry"

refresh

echo "Burrow Box is installed: find it in your desktop's menu (Games), or run"
echo "  $program"
case ":${PATH:-}:" in
    *":$bin_dir:"*) ;;
    *) echo "($bin_dir is not on your PATH; the menu entry works all the same.)" ;;
esac
