#include "scan/follow_links.h"

namespace fg {

Status FollowLinks::checkInside(const std::string& realPath, const std::string& shown) const
{
    if (!confined()) return {};
    if (confineTo == "/" || realPath == confineTo
        || (realPath.size() > confineTo.size() && realPath.compare(0, confineTo.size(), confineTo) == 0
            && realPath[confineTo.size()] == '/'))
        return {};
    return Error(Errc::UnsafePath, shown + " is a symbolic link that leads out of the module; a daemon follows "
                                           "links (-L) only where they stay inside the module");
}

} // namespace fg
