#include "itemize.h"

namespace fg::cli {

std::string itemizeLine(const PlanItem& item, bool toRemote)
{
    std::string path = item.path == "." ? "./" : item.path + (item.isDir ? "/" : "");
    if (item.action == FileAction::Delete) return "*deleting   " + path;
    // Y: what happens; X: what it is.
    char y = '.';
    switch (item.action) {
    case FileAction::Copy:
    case FileAction::Update: y = toRemote ? '<' : '>'; break;
    case FileAction::MkDir:
    case FileAction::Symlink: y = 'c'; break;
    default: y = '.'; break;
    }
    const char x = item.isDir ? 'd' : item.isSymlink ? 'L' : 'f';
    std::string attrs;
    if (item.changes & kChangeNew) {
        attrs = "+++++++++";
    } else {
        attrs = ".........";
        if (item.changes & (kChangeContent | kChangeLink)) attrs[0] = 'c';
        if (item.changes & kChangeSize) attrs[1] = 's';
        if (item.changes & kChangeTime) attrs[2] = 't';
        if (item.changes & kChangePerms) attrs[3] = 'p';
        if (item.changes & kChangeOwner) attrs[4] = 'o';
        if (item.changes & kChangeGroup) attrs[5] = 'g';
    }
    std::string line = std::string(1, y) + x + attrs + " " + path;
    if (item.isSymlink && !item.linkTarget.empty()) line += " -> " + item.linkTarget;
    return line;
}

} // namespace fg::cli
