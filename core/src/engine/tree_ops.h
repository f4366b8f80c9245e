#pragma once
#include "internal.h"
// Changes to a target tree made through directory handles only.

#include "platform/fs.h"

#include <floodgate/error.h>

#include <string>
#include <string_view>

namespace fg {

// Removes a child of `parent` whatever its type; a directory with everything
// in it. Never follows a symlink (a link is removed, not what it points to).
Status removeRecursive(const platform::DirHandle& parent, std::string_view name);

// The name a new version of `name` is written under before its rename into
// place: hidden, recognisable, unique ("." + name + ".fg-" + 6 random chars),
// short enough for a 255-byte name limit.
std::string tempNameFor(std::string_view name);
bool isTempName(std::string_view name);

// Removes the temporary files of writers that died (killed, crashed, power
// cut) from one directory; a writer holds a lock on its temporary file while
// it lives, so the files of a job still running are left alone. Returns how
// many were removed.
size_t removeStaleTemps(const platform::DirHandle& dir);

} // namespace fg
