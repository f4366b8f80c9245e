#pragma once
#include "internal.h"
// The bottleneck verdicts of one job over time. The layer shown changes only
// once a new one has held for a while (`hold`, or as long as the layer shown
// had been shown, if that is less): a verdict that flickers between two
// layers every quarter of a second tells the user nothing, and a job's first
// verdict, on its first quarter of a second, must not stand for a job
// shorter than the hold. Each
// change starts a span of the timeline the GUI draws under its chart, and at
// the end the job's verdict is the layer that held longest, with its share of
// the job's time.

#include "diagnosis/bottleneck.h"

#include <map>
#include <string>
#include <vector>

namespace fg::diagnosis {

class VerdictTimeline {
public:
    explicit VerdictTimeline(double holdSec = 2.0) : m_holdSec(holdSec) {}

    // The verdict on the window that ends `atSec` into the job (verdicts
    // come in time order). True when the layer shown changed.
    bool add(double atSec, const Verdict& verdict);

    // What is shown now: the held layer, with the latest figures for it.
    const Verdict& current() const { return m_current; }

    struct Span {
        double fromSec = 0;
        double toSec = 0;
        Layer layer = Layer::Unknown;
        std::string end;
    };
    const std::vector<Span>& spans() const { return m_spans; }

    // The job's verdict: the layer that held longest (unknown only when no
    // other held at all), its share of the time the timeline covers, and the
    // evidence and fix of its latest verdict.
    Verdict jobVerdict() const;

private:
    static bool sameLayer(const Verdict& a, Layer layer, const std::string& end)
    {
        return a.layer == layer && a.end == end;
    }

    double m_holdSec;
    bool m_started = false;
    double m_lastSec = 0;
    Verdict m_current;
    // A different layer seen since `m_candidateSince`, not yet held long enough.
    bool m_hasCandidate = false;
    Layer m_candidate = Layer::Unknown;
    std::string m_candidateEnd;
    double m_candidateSince = 0;
    std::vector<Span> m_spans;
    // The latest verdict of each layer and end, for the job's verdict.
    std::map<std::pair<Layer, std::string>, Verdict> m_latest;
};

} // namespace fg::diagnosis
