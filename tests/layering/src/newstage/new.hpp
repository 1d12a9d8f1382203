#pragma once
// A folder the stage order does not know.
