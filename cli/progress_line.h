#pragma once
// --progress: bytes done, %, the current rate, ETA, files and the file being
// transferred. On a terminal, one line redrawn in place; into a pipe or a
// file, a plain line a second, with no carriage returns or escape codes, so
// a log reads as text.

#include <floodgate/job.h>

#include <cstdint>
#include <cstdio>

namespace fg::cli {

class ProgressLine {
public:
    ProgressLine(FILE* out, bool terminal) : m_out(out), m_terminal(terminal) {}

    // Called a few times a second with the job's snapshot.
    void update(const MetricsSnapshot& s);
    // Before another message goes to the same terminal: the line is cleared
    // so the message does not run into it (nothing to do into a pipe).
    void clearForMessage();
    // The last line, printed even when the job was too quick for an update.
    void finish(const JobResult& r);

private:
    FILE* m_out;
    bool m_terminal;
    double m_lastSample = -1; // elapsed seconds of the last rate sample
    uint64_t m_lastBytes = 0;
    double m_rate = 0;
    double m_lastPrinted = -1;
};

} // namespace fg::cli
