#define F(x) x x
#define G(a, b) F(a) ## b
#if defined(F) && __LINE__ > 1
G(1, 2)
#include "self.hlsli"
#endif
