// SPDX-License-Identifier: MIT
module example.com/fxtread

go 1.18
