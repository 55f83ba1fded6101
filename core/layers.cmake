# core's layers: one row per folder of core/src, bottom to top. The one place they are written down:
# core/CMakeLists.txt makes a target of each row, cmake/check_layers.cmake checks every #include against them
# before anything in core compiles (docs/architecture.md, "The layers").
#   USES     the areas below it whose headers it may include (each must be in a row above this one)
#   EXPORTS  its headers (in core/src/<area>/) that the areas using it may include; the rest are its own
# core/include/hashscope/ is everyone's: any area may include it, and it includes no area.
hashscope_area(platform                     EXPORTS cpu_cache.hpp file_io.hpp mapped_file.hpp thread_clock.hpp)
hashscope_area(hash)
hashscope_area(storage                      EXPORTS iokit_mac.hpp mountinfo.hpp)
hashscope_area(common    USES platform)
hashscope_area(counters  USES storage       EXPORTS linux_sources.hpp)
hashscope_area(engine    USES platform storage)
# analysis reads the read method the engine recorded in each result (RunResult::readMethods), never engine/.
hashscope_area(analysis                     EXPORTS totals.hpp)
hashscope_area(peer      USES counters     EXPORTS process.hpp)
hashscope_area(suite     USES analysis platform)
hashscope_area(export                       EXPORTS json_writer.hpp)
hashscope_area(library   USES export)
# remote: a benchmark on another machine over OpenSSH (process.hpp's runProcess), its document read as library reads any.
hashscope_area(remote    USES peer library)
