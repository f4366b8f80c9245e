// The built-in demo: a sample tree, a daemon on loopback and a paired client.

#include "job/sample_data.h"
#include "platform/fs.h"

#include <floodgate/demo.h>
#include <floodgate/identity.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace fg {
namespace {

Status makeSampleTree(const std::string& root, const DemoOptions& options)
{
    static const char* folders[] = {"photos/2023/summer", "photos/2024/winter", "documents/reports",
                                    "documents/letters", "projects/engine/src", "projects/engine/tests",
                                    "projects/website/assets", "music/albums", "video", "backups"};
    for (const char* f : folders) FG_TRY(platform::makeDirectories(root + "/" + f, 0755));
    SampleFiller filler(0x5eed);
    // A few big files carry most of the bytes (the chart shows a steady rate),
    // many small ones show per-file progress in the table.
    const uint32_t bigCount = std::max<uint32_t>(1, options.fileCount / 150);
    const uint64_t bigBytes = options.totalBytes * 6 / 10;
    const uint64_t bigSize = bigBytes / bigCount;
    const uint32_t smallCount = options.fileCount - bigCount;
    const uint64_t smallAverage = smallCount ? (options.totalBytes - bigBytes) / smallCount : 0;
    for (uint32_t i = 0; i < options.fileCount; ++i) {
        const bool big = i % (options.fileCount / bigCount) == 0;
        const char* folder = folders[i % (sizeof folders / sizeof *folders)];
        const bool textLike = (i / 3) % 2 == 0;
        uint64_t size = big ? bigSize : (smallAverage / 2 + filler.next() % (smallAverage + 1));
        char name[64];
        std::snprintf(name, sizeof name, "%s-%04u.%s", big ? "large" : "item", i, textLike ? "txt" : "bin");
        FG_TRY(writeSampleFile(root + "/" + folder + "/" + name, size, filler, textLike));
    }
    return {};
}

} // namespace

Result<DemoSetup> prepareDemo(const DemoOptions& options)
{
    DemoSetup demo;
    FG_TRY_ASSIGN(demo.scratchRoot, platform::makeTempDirectory("floodgate-demo"));
    auto fail = [&](Error e) -> Result<DemoSetup> {
        cleanupDemo(demo);
        return e;
    };
    demo.sourceDir = demo.scratchRoot + "/sample";
    const std::string nas = demo.scratchRoot + "/nas";
    const std::string serverState = demo.scratchRoot + "/server-state";
    const std::string clientState = demo.scratchRoot + "/client-state";
    for (const auto& dir : {demo.sourceDir, nas})
        if (Status st = platform::makeDirectory(dir, 0755); !st) return fail(st.error());
    if (Status st = makeSampleTree(demo.sourceDir, options); !st) return fail(st.error());

    ServerConfig config;
    config.listenHost = "127.0.0.1";
    config.port = 0;
    ModuleConfig module;
    module.name = "demo";
    module.path = nas;
    config.modules.push_back(module);
    config.stateDir = serverState;
    config.pairCode = generatePairCode();
    auto server = Server::start(config, nullptr);
    if (!server.ok()) return fail(server.error());
    demo.server = std::move(server).value();
    auto paired = pairWithServer("127.0.0.1", demo.server->port(), config.pairCode, clientState);
    if (!paired.ok()) return fail(paired.error());

    demo.destinationUrl = "floodgate://127.0.0.1:" + std::to_string(demo.server->port()) + "/demo/";
    demo.spec.source = demo.sourceDir + "/";
    demo.spec.destination = demo.destinationUrl;
    demo.spec.options.stateDir = clientState;
    demo.spec.options.bwlimit = RateSchedule::constant(options.bwlimitBytesPerSec);
    return demo;
}

void cleanupDemo(DemoSetup& demo)
{
    if (demo.server) {
        demo.server->stop();
        demo.server.reset();
    }
    if (!demo.scratchRoot.empty()) (void)platform::removeTree(demo.scratchRoot);
    demo.scratchRoot.clear();
}

} // namespace fg
