# CI (and by hand) on Windows: vcpkg dependencies (installer/vcpkg/vcpkg.json), build with MSVC,
# tests offscreen, then the installers (package-windows.ps1).
#   pwsh installer/ci/build-windows.ps1 [-BuildDir build-ci]
# Needs: Visual Studio 2022 (C++), Qt 6 with Qt Charts (install-qt-action sets QT_ROOT_DIR, or pass
# -QtDir), vcpkg (VCPKG_ROOT or the runner's VCPKG_INSTALLATION_ROOT), NSIS for the .exe installer.
# Not run in the project's own workplace (no Windows there): written from CMake/CPack/Qt docs.
param(
  [string]$BuildDir = "build-ci",
  [string]$QtDir = $env:QT_ROOT_DIR
)
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "../..")

$vcpkg = if ($env:VCPKG_ROOT) { $env:VCPKG_ROOT } else { $env:VCPKG_INSTALLATION_ROOT }
if (-not $vcpkg) { throw "vcpkg not found: set VCPKG_ROOT to a vcpkg checkout" }
if (-not $QtDir) { throw "Qt not found: pass -QtDir C:\Qt\6.8.3\msvc2022_64 or set QT_ROOT_DIR" }
$installed = if ($env:VCPKG_INSTALLED_DIR) { $env:VCPKG_INSTALLED_DIR } else { Join-Path $PWD "vcpkg_installed" }

cmake -S . -B $BuildDir -G "Visual Studio 17 2022" -A x64 `
  "-DCMAKE_TOOLCHAIN_FILE=$vcpkg/scripts/buildsystems/vcpkg.cmake" `
  "-DVCPKG_MANIFEST_DIR=$PWD/installer/vcpkg" `
  "-DVCPKG_INSTALLED_DIR=$installed" `
  -DVCPKG_TARGET_TRIPLET=x64-windows `
  "-DCMAKE_PREFIX_PATH=$QtDir" `
  -DHASHSCOPE_WARNINGS_AS_ERRORS=ON
if ($LASTEXITCODE) { throw "configure failed" }
cmake --build $BuildDir --config Release --parallel
if ($LASTEXITCODE) { throw "build failed" }

# The tests find the Qt and vcpkg DLLs through PATH.
$env:PATH = "$QtDir\bin;$installed\x64-windows\bin;$env:PATH"
$env:QT_QPA_PLATFORM = "offscreen"
ctest --test-dir $BuildDir -C Release --output-on-failure --timeout 600
if ($LASTEXITCODE) { throw "tests failed" }

& (Join-Path $PSScriptRoot "package-windows.ps1") -BuildDir $BuildDir
