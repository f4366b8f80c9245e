#include "diagnosis/verdict_timeline.h"

#include <algorithm>

namespace fg::diagnosis {

bool VerdictTimeline::add(double atSec, const Verdict& verdict)
{
    m_latest[{verdict.layer, verdict.end}] = verdict;
    if (!m_started) {
        m_started = true;
        m_lastSec = atSec;
        m_current = verdict;
        m_spans.push_back({atSec, atSec, verdict.layer, verdict.end});
        return true;
    }
    const double since = m_lastSec;
    m_lastSec = atSec;
    if (sameLayer(m_current, verdict.layer, verdict.end)) {
        // The same layer, with its latest figures; a challenger that did not
        // hold is forgotten.
        m_current = verdict;
        m_hasCandidate = false;
        m_spans.back().toSec = atSec;
        return false;
    }
    if (!m_hasCandidate || m_candidate != verdict.layer || m_candidateEnd != verdict.end) {
        m_hasCandidate = true;
        m_candidate = verdict.layer;
        m_candidateEnd = verdict.end;
        m_candidateSince = since;
    }
    // A layer shown for a moment gives way as soon: early in a job the
    // window is young and each verdict stands on more than the one before.
    const double shownFor = m_candidateSince - m_spans.back().fromSec;
    if (atSec - m_candidateSince < std::min(m_holdSec, shownFor)) {
        m_spans.back().toSec = atSec;
        return false;
    }
    // It held: it has been the limit since it was first seen.
    m_spans.back().toSec = m_candidateSince;
    // A span that never lasted (the first verdict, overtaken at once) is not drawn.
    if (m_spans.back().toSec <= m_spans.back().fromSec) m_spans.pop_back();
    m_spans.push_back({m_candidateSince, atSec, verdict.layer, verdict.end});
    m_current = verdict;
    m_hasCandidate = false;
    return true;
}

Verdict VerdictTimeline::jobVerdict() const
{
    std::map<std::pair<Layer, std::string>, double> held;
    double total = 0;
    for (const Span& s : m_spans) {
        held[{s.layer, s.end}] += s.toSec - s.fromSec;
        total += s.toSec - s.fromSec;
    }
    const std::pair<Layer, std::string>* best = nullptr;
    double bestSec = -1;
    for (const auto& [key, sec] : held) {
        // Unknown wins only when nothing else held at all.
        const bool better = best == nullptr || (best->first == Layer::Unknown && key.first != Layer::Unknown)
                            || (key.first != Layer::Unknown && sec > bestSec);
        if (better) {
            best = &key;
            bestSec = sec;
        }
    }
    if (!best) return {};
    Verdict v = m_latest.at(*best);
    v.share = total > 0 ? bestSec / total : 1.0;
    return v;
}

} // namespace fg::diagnosis
