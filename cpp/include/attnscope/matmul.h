// Dense products. Legend: M rows of a, K shared dim, N columns of b.
#pragma once
#include <cstddef>

namespace attnscope {

// out (M,N) = a (M,K) @ b (K,N); out must not alias a or b.
void matmul(float* out, const float* a, const float* b, int M, int K, int N);

// Batched: out[t] (M,N) = a[a_index[t]] (M,K) @ b[b_index[t]] (K,N), t < batch.
// The index lists carry the broadcast of the leading dims (torch.matmul).
void matmul_batched(float* out, const float* a, const float* b, const int* a_index,
                    const int* b_index, int batch, int M, int K, int N);

// out (M,N) = a (M,K) @ bt(N,K)^T — rows of bt are the columns of b.
void matmul_nt(float* out, const float* a, const float* bt, int M, int K, int N);

// out (M,N) = at(K,M)^T @ b (K,N) — columns of at are the rows of a (the
// weight gradient dW = dY^T @ X of a linear layer).
void matmul_tn(float* out, const float* at, const float* b, int M, int K, int N);
// sum_i a[i] * b[i]
float dot(const float* a, const float* b, int n);

// y[i] += alpha * x[i]
void axpy(float* y, float alpha, const float* x, int n);

// y[i] *= alpha
void scale(float* y, float alpha, int n);

}  // namespace attnscope
