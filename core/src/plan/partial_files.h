#pragma once
#include "internal.h"
// Where an interrupted transfer keeps what it received, for the next run to
// resume from. By default a partial file sits beside its target as
// ".NAME.fg-partial". With --partial-dir DIR (rsync's) it is DIR/NAME, DIR a
// folder inside the target's own folder: made when first needed (mode 0700,
// as rsync makes it), removed again once empty, hidden from the sender's scan
// and kept from --delete by a filter rule the job adds (partialDirRules).

#include <floodgate/error.h>
#include <floodgate/options.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fg {

// Why `dir` cannot be a --partial-dir, naming the option and the remedy; Ok
// for "" (no folder) and for a relative path that stays below the folder it
// is in. Both ends ask: the client before it starts, a daemon of a request.
Status checkPartialDir(std::string_view dir);

class PartialLayout {
public:
    PartialLayout() = default; // beside the target
    // --partial-dir DIR ("": beside the target); fails as checkPartialDir does.
    static Result<PartialLayout> forPartialDir(std::string_view dir);

    // The folder partial files are kept in, relative to their target's own
    // folder: "" when they sit beside their targets.
    const std::string& folder() const { return m_folder; }
    // The partial file of a target named `name`, relative to the target's
    // folder ("DIR/name", ".name.fg-partial"); nullopt when the name is too
    // long for it.
    std::optional<std::string> pathFor(std::string_view name) const;
    // The target whose partial file is `entry`, an entry of folder().
    std::optional<std::string> targetOf(std::string_view entry) const;

private:
    std::string m_folder;
};

// The rule a --partial-dir adds after the user's own, as rsync does: the
// sender never sends such a folder, and --delete never removes one (while
// --delete-excluded does, as it removes everything excluded). None for "".
std::vector<FilterSpec> partialDirRules(std::string_view dir);

} // namespace fg
