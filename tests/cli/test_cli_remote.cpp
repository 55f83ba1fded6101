// bench --host against "machines" that are sshd instances on loopback ports, each in a temporary folder with
// its own host key, authorized key, temp folder and PATH (sshd_config's SetEnv); ssh gets a generated config
// with its own known_hosts. No address outside this machine is contacted. After each run the test lists the
// remote temp folders: nothing may be left there.
#include "catch.hpp"
#include "cli_helpers.hpp"
#include "hashscope/remote.hpp"
#include "skip.hpp"
#include "ssh_lab.hpp"
#include "wait_for.hpp"

#ifdef _WIN32
TEST_CASE("bench --host over loopback sshd", "[cli][remote]")
{
  HASHSCOPE_SKIP("the loopback sshd machines of these tests are POSIX only");
}
#else
#include <chrono>
#include <csignal>
#include <deque>
#include <sstream>
#include <fstream>
#include <memory>
#include <random>
#include <unistd.h>

using namespace clitest;
using hashscope::test::waitFor;
namespace fs = std::filesystem;

namespace {

constexpr double kRunBound = 60;
// A short run: one algorithm in RAM, a read and a hash of a 4 MiB sample, no sampling.
const std::vector<std::string> kShortRun = {"-a", "md5", "-w", "hash-memory", "-w", "read", "-w", "hash-file",
                                            "--size", "4M", "-d", "0.2", "--sample-hz", "0"};

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

std::vector<std::string> benchArgs(const SshLab& lab, const std::vector<std::string>& hosts,
                                   const std::vector<std::string>& extra = {})
{
  std::vector<std::string> args = {"bench", "--ssh-config", lab.sshConfig(), "--history-db",
                                   (lab.dir() / "history.sqlite").string()};
  for (const std::string& h : hosts)
    args.insert(args.end(), {"--host", h});
  args.insert(args.end(), kShortRun.begin(), kShortRun.end());
  args.insert(args.end(), extra.begin(), extra.end());  // after: the last of a repeated option counts
  return args;
}

std::string ourVersionLine() { return firstLine(runCli({"--version"}).out); }

}  // namespace

#define HS_REQUIRE_LAB(lab, host)                    \
  if (!(host))                                       \
  HASHSCOPE_SKIP("no loopback sshd: " << (lab).problem())

TEST_CASE("shellQuote keeps every word one word for the remote shell", "[cli][remote]")
{
  for (const std::string word : {"plain", "two words", "it's", "a;b", "$(touch /tmp/x)", "`id`", "\"q\"", "", "\\",
                                 "new\nline", "'''"}) {
    CAPTURE(word);
    const ProcessResult shown = run({"sh", "-c", "printf '%s' " + hashscope::shellQuote(word)});
    CHECK(shown.exitCode == 0);
    CHECK(shown.out == word);
  }
}

TEST_CASE("bench --host values are read strictly", "[cli][remote]")
{
  const auto h = hashscope::parseRemoteHost("alice@server:2222");
  REQUIRE(h);
  CHECK(h->user == "alice");
  CHECK(h->host == "server");
  CHECK(h->port == 2222);
  CHECK(h->label() == "alice@server:2222");
  CHECK(hashscope::parseRemoteHost("[::1]:22")->host == "::1");
  for (const char* bad : {"", "-oProxyCommand=x", "a b", "host:0", "host:99999", "host:x", "@host", "[::1", "a;b",
                          "$(id)", "h`id`", "it's", "u$x@host", "new\nline"})
    CHECK_FALSE(hashscope::parseRemoteHost(bad));
  const ProcessResult r = runCli({"bench", "--host", "-oProxyCommand=touch /tmp/x", "--no-save"});
  CHECK(r.exitCode == 2);
  CHECK(isOneErrorLine(r.err));
}

TEST_CASE("bench --host: two machines at once, both stored and printed, and the fleet's sum", "[cli][remote]")
{
  SshLab lab;
  const SshLab::Host* a = lab.problem().empty() ? lab.addHost() : nullptr;
  const SshLab::Host* b = a ? lab.addHost() : nullptr;
  HS_REQUIRE_LAB(lab, b);
  const ProcessResult r = runCli(benchArgs(lab, {a->label, b->label}, {"--hosts-parallel"}), {}, kRunBound);
  INFO(r.err);
  CHECK(r.exitCode == 0);
  for (const SshLab::Host* h : {a, b}) {
    CHECK(r.out.find(h->label + " (Linux") != std::string::npos);
    CHECK(r.err.find(h->label + ": step 1/3") != std::string::npos);  // its progress, prefixed
    CHECK(leftNothing(*h));
  }
  CHECK(r.out.find("bundle copied") != std::string::npos);  // no hashscope-cli on their PATH
  CHECK(r.out.find("The fleet (2 machines)") != std::string::npos);
  CHECK(r.out.find("together: hashing ") != std::string::npos);
  const ProcessResult list =
      runCli({"history", "list", "-f", "csv", "--history-db", (lab.dir() / "history.sqlite").string()});
  CHECK(splitLines(list.out).size() == 3);  // a header and two runs
  CHECK(list.out.find(a->label) != std::string::npos);
  CHECK(list.out.find(b->label) != std::string::npos);
  // The planner takes them as a fleet.
  const ProcessResult plan = runCli({"plan", "--data", "1T", "--time", "1m", "-a", "md5", "--run", "1", "--run", "2",
                                     "--history-db", (lab.dir() / "history.sqlite").string()});
  INFO(plan.err);
  CHECK(plan.exitCode == 0);
  CHECK(plan.out.find("machines like these") != std::string::npos);
}

TEST_CASE("bench --host: a machine that refuses the key fails alone", "[cli][remote]")
{
  SshLab lab;
  const SshLab::Host* good = lab.problem().empty() ? lab.addHost() : nullptr;
  const SshLab::Host* refusing = good ? lab.addHost(false) : nullptr;
  HS_REQUIRE_LAB(lab, refusing);
  const ProcessResult r = runCli(benchArgs(lab, {refusing->label, good->label}), {}, kRunBound);
  INFO(r.err);
  CHECK(r.exitCode == 1);
  CHECK(r.err.find(refusing->label + ": the host refused the key") != std::string::npos);
  CHECK(r.out.find(good->label + " (Linux") != std::string::npos);
  CHECK(leftNothing(*good));
}

TEST_CASE("bench --host: a machine whose temp folder is full says so and keeps nothing", "[cli][remote]")
{
  SshLab lab;
  // A 1 MiB tmpfs as its temp folder: the bundle (megabytes) cannot fit.
  const SshLab::Host* full = lab.problem().empty() ? lab.addHost(true, true, "1m") : nullptr;
  HS_REQUIRE_LAB(lab, full);
  const ProcessResult r = runCli(benchArgs(lab, {full->label}), {}, kRunBound);
  INFO(r.err);
  CHECK(r.exitCode == 1);
  CHECK(r.err.find(full->label + ": could not copy the bundle there (") != std::string::npos);
  CHECK(r.err.find(" KiB free in " + full->tmp.string() + ")") != std::string::npos);
  // What sshd's namespace sees there, listed through the machine itself.
  const ProcessResult there = run({"ssh", "-F", lab.sshConfig(), "-o", "BatchMode=yes", "-p",
                                   full->label.substr(full->label.find(':') + 1), "127.0.0.1", "ls -A \"$TMPDIR\""});
  CHECK(there.exitCode == 0);
  CHECK(there.out.empty());
}

TEST_CASE("bench --host: a machine whose host key is unknown is not contacted further", "[cli][remote]")
{
  SshLab lab;
  const SshLab::Host* unknown = lab.problem().empty() ? lab.addHost(true, false) : nullptr;
  HS_REQUIRE_LAB(lab, unknown);
  const ProcessResult r = runCli(benchArgs(lab, {unknown->label}), {}, kRunBound);
  CHECK(r.exitCode == 1);
  CHECK(r.err.find(unknown->label + ": its host key is unknown or has changed") != std::string::npos);
  CHECK(listFolder(unknown->tmp).empty());
}

TEST_CASE("bench --host: another version on its PATH gets the bundle, hostile output is refused", "[cli][remote]")
{
  SshLab lab;
  const SshLab::Host* h = lab.problem().empty() ? lab.addHost() : nullptr;
  HS_REQUIRE_LAB(lab, h);
  const fs::path fake = h->bin / "hashscope-cli";
  const auto install = [&](const std::string& version, const std::string& bench) {
    writeTextFile(fake, "#!/bin/sh\nif [ \"$1\" = --version ]; then echo '" + version + "'; exit 0; fi\n" + bench + "\n");
    fs::permissions(fake, fs::perms::owner_all);
  };
  SECTION("another version: this build's bundle is copied and run")
  {
    install("hashscope-cli (HashScope) 0.0.1", "echo 'not this one' >&2; exit 3");
    const ProcessResult r = runCli(benchArgs(lab, {h->label}), {}, kRunBound);
    INFO(r.err);
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("bundle copied") != std::string::npos);
    CHECK(r.err.find("not this one") == std::string::npos);
  }
  SECTION("this version printing garbage")
  {
    install(ourVersionLine(), "echo '{\"schema\": \"hashscope.run/1\", \"results\": [{\"mb_per_s\": 1e999}]}'");
    const ProcessResult r = runCli(benchArgs(lab, {h->label}), {}, kRunBound);
    CHECK(r.exitCode == 1);
    CHECK(r.err.find(h->label + ": what it printed is not a usable HashScope run file") != std::string::npos);
    CHECK(r.out.find("The fleet") == std::string::npos);  // nothing measured, nothing stored
  }
  SECTION("this version printing far too much")
  {
    install(ourVersionLine(), "head -c 70000000 /dev/zero");
    const ProcessResult r = runCli(benchArgs(lab, {h->label}), {}, kRunBound);
    CHECK(r.exitCode == 1);
    CHECK(r.err.find(h->label + ": it printed more than 64 MiB") != std::string::npos);
  }
  CHECK(leftNothing(*h));
}

TEST_CASE("bench --host: a machine that never says what it is is given up after --host-timeout", "[cli][remote]")
{
  SshLab lab;
  const SshLab::Host* slow = lab.problem().empty() ? lab.addHost() : nullptr;
  HS_REQUIRE_LAB(lab, slow);
  const SshLab::Host* good = lab.addHost();
  REQUIRE(good);
  // Its hashscope-cli hangs at --version (a broken install, a stuck NFS home): the probe's own deadline ends it.
  const fs::path fake = slow->bin / "hashscope-cli";
  writeTextFile(fake, "#!/bin/sh\nsleep 120\n");
  fs::permissions(fake, fs::perms::owner_all);
  const auto start = std::chrono::steady_clock::now();
  const ProcessResult r =
      runCli(benchArgs(lab, {slow->label, good->label}, {"--host-timeout", "2", "--hosts-parallel"}), {}, kRunBound);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO(r.err);
  CHECK(r.exitCode == 1);
  CHECK(r.err.find(slow->label + ": it did not say what it is within 2 s") != std::string::npos);
  CHECK(r.out.find(good->label) != std::string::npos);  // the other machine was measured
  CHECK(took < 45);  // not the 120 s the hanging probe would take
  CHECK(leftNothing(*slow));
  CHECK(leftNothing(*good));
}

TEST_CASE("bench --host: a dropped connection and Ctrl-C leave nothing on the machine", "[cli][remote]")
{
  SshLab lab;
  const SshLab::Host* h = lab.problem().empty() ? lab.addHost() : nullptr;
  HS_REQUIRE_LAB(lab, h);
  // A run long enough to be cut: hash-memory for 30 s.
  std::vector<std::string> args = benchArgs(lab, {h->label}, {"-d", "30"});
  args.insert(args.begin(), cliPath());
  SECTION("Ctrl-C")
  {
    ChildProcess child(args);
    REQUIRE(waitFor([&] { return child.pump(0.1).find("step 1/") != std::string::npos; }, std::chrono::seconds(30)));
    REQUIRE(listFolder(h->tmp).size() == 1);  // its folder, while it runs
    child.signal(SIGINT);
    const ProcessResult r = child.wait(kRunBound);
    CHECK(r.exitCode == 130);
    CHECK(r.seconds < 10);
  }
  SECTION("its sshd killed mid-run")
  {
    ChildProcess child(args);
    REQUIRE(waitFor([&] { return child.pump(0.1).find("step 1/") != std::string::npos; }, std::chrono::seconds(30)));
    SshLab::kill(*h);
    const ProcessResult r = child.wait(kRunBound);
    CHECK(r.exitCode == 1);
    CHECK(r.err.find(h->label + ": the connection was lost during the run") != std::string::npos);
  }
  CHECK(leftNothing(*h));
}
#endif
