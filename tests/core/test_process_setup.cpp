// What prepareProcessForTransfers() changes: big buffers (frames up to 4 MiB)
// come from the heap instead of being mapped, and so unmapped, one by one.

#include <floodgate/system.h>

#include "platform/memory.h"

#include <QTest>

#include <cstdint>
#include <memory>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

class TestProcessSetup : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void framesOfEverySizeComeFromTheHeap()
    {
#if !defined(__GLIBC__)
        QSKIP("only glibc's allocator maps big blocks on their own");
#elif defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer's allocator takes no thresholds (mallopt says so)");
#else
        fg::prepareProcessForTransfers();
        QVERIFY(fg::platform::heapBlockLimit() > (4u << 20) + 64);
        const size_t mappedBefore = mallinfo2().hblks;
        std::vector<std::unique_ptr<uint8_t[]>> frames;
        for (size_t size : {size_t(256) << 10, size_t(1) << 20, (size_t(4) << 20) + 8})
            for (int i = 0; i < 4; ++i) frames.push_back(std::make_unique_for_overwrite<uint8_t[]>(size));
        QCOMPARE(size_t(mallinfo2().hblks), mappedBefore);
#endif
    }
};

QTEST_GUILESS_MAIN(TestProcessSetup)
#include "test_process_setup.moc"
