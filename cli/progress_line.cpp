#include "progress_line.h"

#include "bottleneck_text.h"
#include "human.h"
#include "text.h"

#include <algorithm>
#include <string>

namespace fg::cli {

namespace {

// The file a person would call "the current one": of those in flight, the
// one furthest along (a big file among small ones stays named while it runs).
const ActiveFile* currentFile(const MetricsSnapshot& s)
{
    const ActiveFile* best = nullptr;
    for (const auto& f : s.active)
        if (!best || f.done > best->done) best = &f;
    return best;
}

} // namespace

void ProgressLine::update(const MetricsSnapshot& s)
{
    const double now = s.elapsedSec;
    // The rate over the last second or so, not since the start: it tells what
    // the link does now, and the ETA follows it. Until a second has passed,
    // the average so far stands in, so rate and ETA show from the first line.
    if (m_lastSample < 0) {
        m_lastSample = now;
        m_lastBytes = s.bytesDone;
        if (now > 0) m_rate = double(s.bytesDone) / now;
    } else if (now - m_lastSample >= 1.0) {
        const double inst = double(s.bytesDone - std::min(m_lastBytes, s.bytesDone)) / (now - m_lastSample);
        m_rate = m_rate == 0 ? inst : 0.6 * m_rate + 0.4 * inst;
        m_lastSample = now;
        m_lastBytes = s.bytesDone;
    }
    // Into a pipe, a line a second is what a log can take.
    if (!m_terminal && m_lastPrinted >= 0 && now - m_lastPrinted < 1.0) return;
    m_lastPrinted = now;

    double pct = s.bytesToTransfer ? 100.0 * double(s.bytesDone) / double(s.bytesToTransfer) : 0;
    pct = std::min(pct, 100.0);
    const uint64_t left = s.bytesToTransfer - std::min(s.bytesDone, s.bytesToTransfer);
    const double eta = m_rate > 0 ? double(left) / m_rate : -1;
    char line[256];
    std::snprintf(line, sizeof line, "%12s %3.0f%% %12s  ETA %s  %llu/%llu files", humanBytes(s.bytesDone).c_str(),
                  pct, humanRate(m_rate).c_str(), humanDuration(eta).c_str(),
                  static_cast<unsigned long long>(s.filesDone), static_cast<unsigned long long>(s.filesToTransfer));
    std::string text = line;
    if (const std::string tag = bottleneckTag(s.bottleneck); !tag.empty()) text += "  " + tag;
    if (const ActiveFile* f = currentFile(s)) {
        std::string name = terminalSafe(f->path);
        // On a terminal the line must fit one screen line: a long name loses
        // its start, since its end (the file's own name) tells files apart.
        constexpr size_t kWidth = 118;
        const size_t room = kWidth > text.size() + 5 ? kWidth - text.size() - 5 : 0;
        if (m_terminal && name.size() > room) name = "..." + name.substr(name.size() - room);
        text += "  " + name;
    }
    if (m_terminal) {
        std::fprintf(m_out, "\r%s\033[K", text.c_str());
    } else {
        std::fprintf(m_out, "%s\n", text.c_str());
    }
    std::fflush(m_out);
}

void ProgressLine::clearForMessage()
{
    if (m_terminal) std::fputs("\r\033[K", m_out);
}

void ProgressLine::finish(const JobResult& r)
{
    const double rate = r.seconds > 0 ? double(r.bytesTransferred) / r.seconds : 0;
    std::fprintf(m_out, "%s%12s 100%% %12s  in %s  %llu files\n", m_terminal ? "\r\033[K" : "",
                 humanBytes(r.bytesTransferred).c_str(), humanRate(rate).c_str(), humanDuration(r.seconds).c_str(),
                 static_cast<unsigned long long>(r.filesTransferred));
}

} // namespace fg::cli
