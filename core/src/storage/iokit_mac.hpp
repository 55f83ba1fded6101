// macOS: from a BSD disk name to the IOBlockStorageDriver behind it (shared by storage_mac.cpp, which
// describes the disk, and counters/disk_mac.cpp, which reads its Statistics). macOS only.
#pragma once

#include <IOKit/IOKitLib.h>

#include <string>

#include "hashscope/storage.hpp"

namespace hashscope::storage {

// Walks the IOService plane up from the IOMedia named `bsdName` ("disk3s5") to the first
// IOBlockStorageDriver (through APFS containers and partition schemes). Returns the driver (release it
// with IOObjectRelease) or IO_OBJECT_NULL; `physicalDisk` gets the BSD name of the whole physical disk
// just below the driver ("disk0").
io_object_t blockStorageDriver(const std::string& bsdName, std::string* physicalDisk = nullptr);

// Model, medium type, removability, block size and size of the disk behind `bsdName`.
DeviceInfo describeMacDisk(const std::string& bsdName);

}  // namespace hashscope::storage
