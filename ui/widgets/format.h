#pragma once
// Numbers as a person reads them at a glance: sizes, rates, durations, counts and
// the one-line status of a running job.
//
// Sizes use 1024-based units labelled B/KB/MB/GB/TB by default: the units
// fg::parseRate() reads, so a job limited to "10M" shows "10 MB/s" rather than a
// puzzling "10.5 MB/s". Settings can switch the window to 1000-based units
// (kB/MB/GB, as disk makers and many NAS pages count).

#include <floodgate/job.h>
#include <floodgate/metrics.h>

#include <QString>

#include <cstdint>
#include <optional>

namespace fgui {

enum class SizeUnits { Binary, Decimal };
void setSizeUnits(SizeUnits units);
SizeUnits sizeUnits();
// The bytes of one "MB" in the units in force: the charts' MB/s scale.
double bytesPerMegabyte();

// "512 B", "1.5 KB", "61 MB", "3.4 GB": two significant digits below 10, whole
// numbers above, and never more than three digits before the unit.
QString formatBytes(uint64_t bytes);
// formatBytes() per second; negative or non-finite rates read as "0 B/s".
QString formatRate(double bytesPerSec);
// "0:07", "12:05", "1:02:03" (rounded to the nearest second).
QString formatDuration(double seconds);
// "1,200" in the user's locale.
QString formatCount(uint64_t n);
// Seconds left at this rate, rounded up (a transfer is never "0:00" while bytes remain);
// nothing when there is no rate to go by.
std::optional<double> estimateEta(uint64_t remainingBytes, double bytesPerSec);

// "Scanning…", "Transferring", "Done": a state as a word in a sentence's first position.
QString stateTitle(fg::JobState state);

// The status line of a running job, for example
// "1.2 GB of 3.4 GB · 61 MB/s · ETA 0:37 · 312 of 1,200 files".
// Before the transfer starts it names the phase ("Scanning… 1,234 files found").
QString statusLine(const fg::MetricsSnapshot& snapshot, double bytesPerSec);

// One line about a finished job, for example
// "Done · 3.4 GB in 0:56 · 61 MB/s average · 1,200 files transferred".
QString resultLine(const fg::JobResult& result, bool dryRun);

} // namespace fgui
