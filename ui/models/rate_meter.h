#pragma once
// Turns a cumulative byte counter sampled on a timer into two rates: the
// instantaneous one (the last interval) and an exponentially smoothed one for
// the ETA and the chart's main line.

#include <cstdint>

namespace fgui {

class RateMeter {
public:
    // tau: the smoothing time constant. 3 s steadies the ETA against chunky
    // counters (a 4 MiB write lands in one 250 ms tick) yet follows a real change
    // in link speed within a few seconds.
    explicit RateMeter(double tauSeconds = 3.0) : m_tau(tauSeconds) {}

    void reset();
    // Starts over with a counter that read `total` at `seconds`: a data connection
    // that opens mid-job starts from zero then, not at second 0 (which would spread
    // its first bytes over the whole job so far).
    void resetAt(double seconds, uint64_t total);
    // total: the counter's value at `seconds` since the job started. Counters
    // start at 0 at second 0, so the first sample already yields a rate. Returns
    // whether the rates moved on (a sample too close to the last one is ignored).
    bool add(double seconds, uint64_t total);

    double instantaneous() const { return m_instant; }
    double smoothed() const { return m_smoothed; }
    bool hasRate() const { return m_hasRate; }

    // Half the controller's 250 ms tick.
    static constexpr double kMinIntervalSeconds = 0.1;

private:
    double m_tau;
    double m_lastSeconds = 0;
    uint64_t m_lastTotal = 0;
    double m_instant = 0;
    double m_smoothed = 0;
    double m_average = 0; // the exponential average, biased towards its zero start
    double m_weight = 0;  // how much of the average is real samples (0..1)
    bool m_hasRate = false;
    bool m_moving = false;
};

} // namespace fgui
