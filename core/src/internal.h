#pragma once
// Included first by every header under core/src: the engine's internals are not
// an API. Front ends use <floodgate/...> only.
#ifndef FLOODGATE_CORE_INTERNAL
#error "only floodgate's core (and its tests) may include core/src headers; use <floodgate/...>"
#endif
