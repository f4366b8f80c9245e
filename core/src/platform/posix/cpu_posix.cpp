#include "platform/cpu.h"

#if defined(__linux__) && defined(__aarch64__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

namespace fg::platform {
namespace {

bool detectAes()
{
#if defined(__x86_64__) || defined(__i386__)
    // GCM's GHASH needs the carry-less multiply as much as the cipher needs AES-NI.
    return __builtin_cpu_supports("aes") && __builtin_cpu_supports("pclmul");
#elif defined(__linux__) && defined(__aarch64__)
    const unsigned long caps = getauxval(AT_HWCAP);
    return (caps & HWCAP_AES) != 0 && (caps & HWCAP_PMULL) != 0;
#else
    // Unknown: say no, so auto picks ChaCha20, which is never slow.
    return false;
#endif
}

} // namespace

bool hasAesAcceleration()
{
    static const bool has = detectAes();
    return has;
}

} // namespace fg::platform
