#pragma once
#include "internal.h"
// The zstd level for --compress auto follows the bottleneck: more compression
// while the network is the limit and the CPU has room, less (down to none)
// once compressing is what holds the transfer back. A pure state machine:
// the caller measures and passes in one observation per period (the ~4 Hz
// metrics tick), so tests drive it without threads or clocks.

#include <optional>

namespace fg::codec {

// Fractions of one period, each 0..1.
struct LevelObservation {
    double netWait = 0;      // the send stage waited for the network (socket buffers full)
    double compressBusy = 0; // the compress stage worked (averaged over its threads)
    double cpuIdle = 0;      // the machine's CPUs sat idle (averaged over cores)
    // Compressing, flat out at this level, takes in more bytes a second than
    // the network carried while it was the limit: then even compression that
    // limits moves the data faster than sending it raw would (text over a
    // slow link).
    bool outrunsLink = false;
    // The job's bottleneck diagnosis names a limit that fewer bytes on the
    // wire do not relieve (the receiver's disk or CPU, a cipher, per-file
    // costs): the send stage's waits are that limit's echo, not the link's.
    bool limitElsewhere = false;
};

// The steps the level moves through. Level 9 as the top: zstd's levels above
// it cost 4-20x the CPU for another 1-6% on 256 KiB frames (measured on
// source text and binaries).
struct LevelRange {
    int min = 1;
    int max = 9;
    int start = 3; // zstd's own default: the best cost/ratio step on most data
};

// The rule, one step at a time along none < min .. max (skipping zstd's 0,
// which means "default" there):
// - down at once when compressing is busy >= 85% of the period (it is, or is
//   about to be, the slowest stage), or when the CPUs are < 5% idle and
//   compressing takes >= 50% (it starves reading, hashing and encryption);
//   but never from the lowest level to none while compressing outruns the
//   link (raw, the link would carry less than compression feeds it);
// - up after 3 periods in a row in which the send stage waited >= 50% for
//   the network (and the diagnosis does not put the limit elsewhere),
//   compressing was busy <= 50% (one step costs up to ~1.8x the CPU
//   a byte between levels 1 and 9, so it should still fit) and the CPUs were >= 25%
//   idle;
// - after a step down, no step up for a hold-off of 8 periods (2 s); when the
//   step down came within 8 periods of a step up, that step overshot and the
//   hold-off doubles, up to 128 periods (32 s), so a level that cannot be
//   sustained is retried ever more rarely instead of making the rate saw.
class AdaptiveLevel {
public:
    explicit AdaptiveLevel(LevelRange range = {});

    // The level for frames until the next observation; nullopt: send raw.
    std::optional<int> level() const;
    // Learns from one period and returns the level from now on.
    std::optional<int> observe(const LevelObservation& obs);

    static constexpr int kRiseAfter = 3;
    static constexpr int kBaseHoldOff = 8;
    static constexpr int kMaxHoldOff = 128;
    static constexpr int kOvershootWindow = 8;

private:
    void stepUp();
    // keepOn: at the lowest level, stay there rather than turn compression off.
    void stepDown(bool keepOn);

    LevelRange m_range;
    bool m_on = true;
    int m_level = 3;
    int m_riseStreak = 0;
    int m_holdOffLeft = 0;
    int m_holdOff = kBaseHoldOff;
    int m_sinceRise = -1; // periods since the last step up; -1: none yet
};

} // namespace fg::codec
