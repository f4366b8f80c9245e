#pragma once
// A job written back as the `floodgate sync` arguments that make it: what a
// saved job edited in the GUI is stored as, and what `floodgate job show`
// prints. readSyncArgs() of the result gives the same fg::JobSpec.

#include <floodgate/error.h>
#include <floodgate/job.h>
#include <floodgate/saved_jobs.h> // shellQuoted(), for what is printed

#include <string>
#include <vector>

namespace fg::cli {

// Options first (each as one --name=value or short flag), then SRC and DST
// (after "--" when one of them starts with '-'). Only what differs from the
// defaults is written. Refused: a --files-from list, which lives in a file
// the job names, not in the job itself.
Result<std::vector<std::string>> syncArgsFor(const JobSpec& spec);

} // namespace fg::cli
