#include <gtest/gtest.h>
#include "attnscope/softmax.h"
TEST(Smoke, Softmax) { float x[2]={0,0}; attnscope::softmax(x,x,1,2,1.f); EXPECT_FLOAT_EQ(x[0],0.5f); }
