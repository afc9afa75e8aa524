// One stub a function of lazy-symbols.h (see lazy.c), x86-64 Linux only.
//
// A stub jumps through its slot of tunes_lazy_table. While the slot is empty it saves every
// argument register (the six integer ones, %rax, which holds a variadic call's count of vector
// registers, and %xmm0-7), asks tunes_lazy_resolve for the function, restores them and jumps,
// so the call arrives exactly as the caller made it, variadic ones (curl_easy_setopt) included.
#if defined(__x86_64__) && defined(__linux__)
  .text

  .macro LAZYSTUB name, index
  .globl \name
  .hidden \name
  .type \name, @function
  .p2align 4
\name:
  movq tunes_lazy_table+8*\index(%rip), %r11
  testq %r11, %r11
  jz 1f
  jmp *%r11
1:
  pushq %rdi
  pushq %rsi
  pushq %rdx
  pushq %rcx
  pushq %r8
  pushq %r9
  pushq %rax
  subq $128, %rsp
  movdqu %xmm0, 0(%rsp)
  movdqu %xmm1, 16(%rsp)
  movdqu %xmm2, 32(%rsp)
  movdqu %xmm3, 48(%rsp)
  movdqu %xmm4, 64(%rsp)
  movdqu %xmm5, 80(%rsp)
  movdqu %xmm6, 96(%rsp)
  movdqu %xmm7, 112(%rsp)
  movq $\index, %rdi
  call tunes_lazy_resolve
  movq %rax, %r11
  movdqu 0(%rsp), %xmm0
  movdqu 16(%rsp), %xmm1
  movdqu 32(%rsp), %xmm2
  movdqu 48(%rsp), %xmm3
  movdqu 64(%rsp), %xmm4
  movdqu 80(%rsp), %xmm5
  movdqu 96(%rsp), %xmm6
  movdqu 112(%rsp), %xmm7
  addq $128, %rsp
  popq %rax
  popq %r9
  popq %r8
  popq %rcx
  popq %rdx
  popq %rsi
  popq %rdi
  jmp *%r11
  .size \name, .-\name
  .endm

#define LAZY(library, function) LAZYSTUB function, __COUNTER__
#include "lazy-symbols.h"
#undef LAZY

#endif

#if defined(__linux__) && defined(__ELF__)
  .section .note.GNU-stack, "", @progbits
#endif
