// Temporary: replaced by the engine's job.cpp.
#include <floodgate/demo.h>
#include <floodgate/job.h>

namespace fg {

Result<std::unique_ptr<Job>> Job::create(JobSpec)
{
    return Error(Errc::Internal, "the sync engine is not built yet");
}

int exitCodeFor(const JobResult&) { return 1; }

Result<DemoSetup> prepareDemo(const DemoOptions&) { return Error(Errc::Internal, "the demo is not built yet"); }
void cleanupDemo(DemoSetup&) {}

} // namespace fg
