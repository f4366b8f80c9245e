#include "transfer/roles.h"

#include "receive/receiver.h"
#include "send/sender.h"

#include <thread>

namespace fg {
namespace {
// A local copy's sender and receiver have this much in flight between them.
constexpr size_t kMemoryLinkBytes = 32u << 20;
} // namespace

Roles::~Roles()
{
    // The roles hold the links: they go first.
    m_sender.reset();
    m_receiver.reset();
}

std::unique_ptr<Roles> Roles::one(RoleSide side, RoleSetup setup)
{
    std::unique_ptr<Roles> roles(new Roles());
    if (side == RoleSide::Receive) {
        roles->m_receiver = std::make_unique<Receiver>(std::move(setup.root), std::move(setup.params), *setup.control,
                                                       std::move(setup.data), *setup.observer, *setup.stages,
                                                       setup.readLimiter);
        return roles;
    }
    RateLimiter* limiter = setup.limiter;
    if (!limiter) {
        roles->m_ownLimiter = std::make_unique<RateLimiter>(setup.params.bwlimitBytesPerSec);
        limiter = roles->m_ownLimiter.get();
    }
    roles->m_sender = std::make_unique<Sender>(std::move(setup.root), std::move(setup.params), *setup.control,
                                               std::move(setup.data), *setup.observer, *setup.stages, limiter);
    return roles;
}

std::unique_ptr<Roles> Roles::local(RootSpec source, RootSpec destination, const TransferParams& params,
                                    RoleObserver& observer, StageSet& stages, RateLimiter* limiter)
{
    std::unique_ptr<Roles> roles(new Roles());
    std::tie(roles->m_senderLink, roles->m_receiverLink) = proto::makeMemoryLinkPair(kMemoryLinkBytes);
    if (!limiter) {
        roles->m_ownLimiter = std::make_unique<RateLimiter>(params.bwlimitBytesPerSec);
        limiter = roles->m_ownLimiter.get();
    }
    roles->m_sender = std::make_unique<Sender>(std::move(source), params, *roles->m_senderLink,
                                               std::vector<proto::FrameLink*>{}, roles->m_quiet, stages, limiter);
    roles->m_receiver = std::make_unique<Receiver>(std::move(destination), params, *roles->m_receiverLink,
                                                   std::vector<proto::FrameLink*>{}, observer, stages);
    return roles;
}

RoleBase& Roles::main()
{
    if (m_receiver) return *m_receiver;
    return *m_sender;
}

Status Roles::run()
{
    if (!m_sender) return m_receiver->run();
    if (!m_receiver) return m_sender->run();
    Status sent;
    std::thread senderThread([&] { sent = m_sender->run(); });
    Status received = m_receiver->run();
    senderThread.join();
    // The receiver's error tells the story (it sees the sender's); the
    // sender's own counts when the receiver merely saw the link go.
    if (!received && !sent && received.error().code == Errc::Network) return sent;
    if (!received) return received;
    return sent;
}

void Roles::cancel()
{
    if (m_sender) m_sender->cancel();
    if (m_receiver) m_receiver->cancel();
}

void Roles::abandon(const Error& why)
{
    if (m_sender) m_sender->abandon(why);
    if (m_receiver) m_receiver->abandon(why);
}

} // namespace fg
