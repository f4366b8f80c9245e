#include "net/link_memory.h"

#include "platform/fs.h"

#include <ctime>
#include <sstream>
#include <vector>

namespace fg::net {
namespace {

constexpr size_t kMostBytes = 1 << 20;
constexpr size_t kMostLinks = 1000; // the oldest go first

struct Line {
    std::string hostPort;
    RememberedLink link;
};

std::vector<Line> readAll(const std::string& path)
{
    std::vector<Line> out;
    auto text = platform::readFile(path, kMostBytes);
    if (!text.ok()) return out;
    std::istringstream in(*text);
    std::string row;
    while (std::getline(in, row)) {
        std::istringstream fields(row);
        Line l;
        if (fields >> l.hostPort >> l.link.bytesPerSec >> l.link.minRttUs >> l.link.measuredAt) out.push_back(l);
    }
    return out;
}

} // namespace

Status rememberLink(const std::string& stateDir, const std::string& hostPort, const RememberedLink& link)
{
    const std::string path = stateDir + "/" + kLinksFileName;
    std::vector<Line> lines = readAll(path);
    std::erase_if(lines, [&](const Line& l) { return l.hostPort == hostPort; });
    lines.push_back(Line{hostPort, link});
    if (lines.size() > kMostLinks) lines.erase(lines.begin(), lines.end() - kMostLinks);
    std::string text;
    for (const auto& l : lines)
        text += l.hostPort + " " + std::to_string(l.link.bytesPerSec) + " " + std::to_string(l.link.minRttUs) + " "
                + std::to_string(l.link.measuredAt) + "\n";
    return platform::writeFileAtomic(path, text, 0600);
}

std::optional<RememberedLink> recallLink(const std::string& stateDir, const std::string& hostPort, int64_t maxAgeSec)
{
    const int64_t now = int64_t(std::time(nullptr));
    for (const auto& l : readAll(stateDir + "/" + kLinksFileName))
        if (l.hostPort == hostPort && l.link.bytesPerSec > 0 && now - l.link.measuredAt <= maxAgeSec
            && l.link.measuredAt <= now + 60)
            return l.link;
    return std::nullopt;
}

} // namespace fg::net
