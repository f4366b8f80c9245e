#pragma once
#include "internal.h"
// Proofs of knowing a pairing code, bound to the two certificates of the TLS
// session they travel in (HMAC-SHA256 keyed by the normalised code).

#include <string>

namespace fg::net {

// "abcde-fghij" and "ABCDEFGHIJ" are the same code.
std::string normalizePairCode(const std::string& code);

enum class ProofSide { Client, Server };

// Raw 32-byte HMAC as a string.
std::string pairingProof(const std::string& code, ProofSide side, const std::string& clientFingerprint,
                         const std::string& serverFingerprint);

// Constant-time comparison.
bool proofsEqual(const std::string& a, const std::string& b);

} // namespace fg::net
