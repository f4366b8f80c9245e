#include "role_harness.h"

#include "send/sender.h"

#include <condition_variable>
#include <mutex>

namespace fgtest {

using namespace fg;

MemoryLinks::MemoryLinks(size_t dataLinks, size_t controlBytes, size_t dataBytes)
{
    auto control = proto::makeMemoryLinkPair(controlBytes);
    senderControl = std::move(control.first);
    receiverControl = std::move(control.second);
    for (size_t i = 0; i < dataLinks; ++i) {
        auto data = proto::makeMemoryLinkPair(dataBytes);
        senderData.push_back(std::move(data.first));
        receiverData.push_back(std::move(data.second));
    }
}

namespace {
std::vector<proto::FrameLink*> pointersTo(const std::vector<proto::FrameLinkPtr>& links)
{
    std::vector<proto::FrameLink*> out;
    for (const auto& l : links) out.push_back(l.get());
    return out;
}
} // namespace

std::vector<proto::FrameLink*> MemoryLinks::senderDataLinks() const { return pointersTo(senderData); }
std::vector<proto::FrameLink*> MemoryLinks::receiverDataLinks() const { return pointersTo(receiverData); }

void runRoles(const RootSpec& from, const RootSpec& to, const TransferParams& params, MemoryLinks& links,
              RoleObserver& senderSide, RoleObserver& receiverSide, RoleRun& run)
{
    Sender sender(from, params, *links.senderControl, links.senderDataLinks(), senderSide, run.senderStages, nullptr);
    Receiver receiver(to, params, *links.receiverControl, links.receiverDataLinks(), receiverSide, run.receiverStages);
    std::thread t([&] { run.sent = sender.run(); });
    run.received = receiver.run();
    t.join();
}

ReceiverDriver::ReceiverDriver(const std::string& destination, size_t dataLinks, TransferParams params)
    : m_links(dataLinks, 8u << 20, 8u << 20)
{
    RootSpec root;
    root.base = destination;
    m_receiver = std::make_unique<Receiver>(root, std::move(params), *m_links.receiverControl,
                                            m_links.receiverDataLinks(), m_observer, m_stages);
    m_thread = std::thread([this] { m_result = m_receiver->run(); });
}

ReceiverDriver::~ReceiverDriver()
{
    m_links.senderControl->close();
    if (m_thread.joinable()) m_thread.join();
}

void ReceiverDriver::sendFrame(proto::Frame f) { (void)m_links.senderControl->send(std::move(f)); }
void ReceiverDriver::sendFrameOn(size_t link, proto::Frame f) { (void)m_links.senderData[link]->send(std::move(f)); }
void ReceiverDriver::closeData(size_t link) { m_links.senderData[link]->close(); }

void ReceiverDriver::list(const std::vector<proto::WireEntry>& entries)
{
    send(proto::FileListBeginMsg{});
    proto::FileListBatchMsg batch;
    batch.entries = entries;
    send(batch);
    proto::FileListEndMsg end;
    end.count = uint32_t(entries.size());
    send(end);
}

std::optional<proto::Frame> ReceiverDriver::waitFor(std::initializer_list<proto::MsgType> types)
{
    for (;;) {
        auto f = m_links.senderControl->receive();
        if (!f.ok()) return std::nullopt;
        if (f->type == uint16_t(proto::MsgType::Error) || f->type == uint16_t(proto::MsgType::JobDone)) m_ended = true;
        for (proto::MsgType type : types)
            if (f->type == uint16_t(type)) return std::move(f).value();
    }
}

std::optional<proto::Frame> ReceiverDriver::waitForWithin(std::initializer_list<proto::MsgType> types,
                                                          std::chrono::milliseconds limit)
{
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
    std::thread watchdog([&] {
        std::unique_lock lock(mutex);
        if (!cv.wait_for(lock, limit, [&] { return done; })) m_links.senderControl->close();
    });
    auto frame = waitFor(types);
    {
        std::lock_guard lock(mutex);
        done = true;
    }
    cv.notify_all();
    watchdog.join();
    return frame;
}

Status ReceiverDriver::finish()
{
    while (!m_ended) {
        auto f = m_links.senderControl->receive();
        if (!f.ok() || f->type == uint16_t(proto::MsgType::Error) || f->type == uint16_t(proto::MsgType::JobDone))
            break;
    }
    m_links.senderControl->close();
    m_thread.join();
    return m_result;
}

} // namespace fgtest
