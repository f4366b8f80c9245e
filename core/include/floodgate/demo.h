#pragma once
// The built-in demo: a generated sample tree synced to a daemon on loopback, so
// a newcomer sees the charts move with no set-up (`floodgate-gui --demo`).

#include <floodgate/error.h>
#include <floodgate/job.h>
#include <floodgate/server.h>

#include <cstdint>
#include <memory>
#include <string>

namespace fg {

struct DemoOptions {
    uint32_t fileCount = 1200;          // a spread of small, medium and a few big files
    uint64_t totalBytes = 400ull << 20; // about this much data in all
    uint64_t bwlimitBytesPerSec = 40ull << 20; // paced so the transfer lasts ~10 s
};

struct DemoSetup {
    std::string scratchRoot;        // everything the demo made; removed by cleanupDemo()
    std::string sourceDir;          // the sample tree
    std::string destinationUrl;     // floodgate://127.0.0.1:PORT/demo/
    std::unique_ptr<Server> server; // the in-process daemon (module "demo")
    JobSpec spec;                   // source -> destination, paired state dir, paced
};

// Makes the sample tree, starts a daemon on 127.0.0.1 with a fresh identity,
// pairs a fresh client identity with it. Takes a few seconds for the tree.
Result<DemoSetup> prepareDemo(const DemoOptions& options);

// Stops the server and removes the scratch tree.
void cleanupDemo(DemoSetup& demo);

} // namespace fg
