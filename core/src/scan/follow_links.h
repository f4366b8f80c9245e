#pragma once
#include "internal.h"
// -L (--copy-links): symlinks below a transfer root are followed and sent as
// what they point to. A daemon's module confines that: a link whose target
// lies outside the module is refused, checked on the opened file or
// directory itself (never on a path that could be swapped in between).

#include "platform/fs.h"

#include <floodgate/error.h>

#include <string>

namespace fg {

struct FollowLinks {
    bool enabled = false;
    // Empty: follow anywhere (the user's own files). Else the canonical path a
    // followed link must stay inside.
    std::string confineTo;

    platform::Follow follow() const { return enabled ? platform::Follow::Yes : platform::Follow::No; }
    bool confined() const { return enabled && !confineTo.empty(); }
    // OK when `realPath` (where an opened object really is) lies inside the
    // confinement; `shown` names it in the message.
    Status checkInside(const std::string& realPath, const std::string& shown) const;
    template <typename Handle>
    Status checkInside(const Handle& opened, const std::string& shown) const
    {
        if (!confined()) return {};
        FG_TRY_ASSIGN(std::string where, opened.realPath());
        return checkInside(where, shown);
    }
};

} // namespace fg
