// Configure-time probe: can this toolchain build and start a ThreadSanitizer program here?
#include <thread>

int main() {
    int value = 0;
    std::thread t([&] { value = 1; });
    t.join();
    return value == 1 ? 0 : 1;
}
