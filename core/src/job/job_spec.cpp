// What a job spec means before it runs: how it reaches its far end, and the
// options the engine applies to it. The CLI and the GUI ask here rather than
// each working it out.

#include <floodgate/endpoint.h>
#include <floodgate/job.h>

namespace fg {

JobReach jobReach(const std::string& source, const std::string& destination)
{
    auto from = parseEndpoint(source);
    auto to = parseEndpoint(destination);
    if (!from.ok() || !to.ok()) return JobReach::Unknown;
    const Endpoint::Kind a = from->kind;
    const Endpoint::Kind b = to->kind;
    if (a == Endpoint::Kind::Local && b == Endpoint::Kind::Local) return JobReach::Local;
    if (a != Endpoint::Kind::Local && b != Endpoint::Kind::Local) return JobReach::Unknown;
    const Endpoint::Kind remote = a == Endpoint::Kind::Local ? b : a;
    return remote == Endpoint::Kind::Daemon ? JobReach::Daemon : JobReach::Ssh;
}

SyncOptions effectiveOptions(const JobSpec& spec)
{
    SyncOptions used = spec.options;
    if (jobReach(spec.source, spec.destination) == JobReach::Local) used.transfer.compress = CompressSpec{};
    return used;
}

} // namespace fg
